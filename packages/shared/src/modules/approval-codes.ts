/**
 * The approval modules of issue 6 (application forms every member files), in menu order. One list for the
 * seed's default grants and the tests of the declarations.
 */
export const APPROVAL_MODULE_CODES: readonly string[] = [
  'oa_sign',
  'oa_briefing',
  'oa_circulation',
  'oa_reward',
  'oa_device',
  'oa_contract',
  'oa_event',
  'oa_legal',
  'oa_employment',
  'oa_certificate',
  'oa_leave',
  'oa_payment',
  'oa_borrow',
  'oa_abroad',
  'oa_passport',
  'oa_invite',
  'oa_visit',
  'oa_conference',
  'oa_car',
  'oa_email',
  'oa_supplies',
];
