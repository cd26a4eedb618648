import { openField, searchHash, searchHashes, type FieldKeyring } from '../../lib/field-cipher';
import { ACCOUNT_MOBILE_PURPOSE, sealedMobileColumns } from '../../db/applicant-mobiles';
import { PLATFORM } from '@oa/shared/constants';
import { isMobile } from '@oa/shared/validate/phone';

/**
 * An account's mobile, plain or sealed (issue 36, db/applicant-mobiles.ts): an outside applicant's mobile is stored
 * only as an SM4 envelope (`mobile_sealed`) beside its keyed hash (`mobile_hash`); a staff member's stays in `mobile`.
 * Every lookup by mobile asks both forms (`MobileLookup`), every reader opens the envelope (`accountMobile`), every
 * writer picks the form by the account (`mobileColumns`).
 */

/** A mobile as a lookup asks for it: the number (staff) and its keyed hash under every key (outside applicants). */
export interface MobileLookup {
  mobile: string;
  hashes: string[];
}

export const mobileLookup = (keys: FieldKeyring, mobile: string): MobileLookup => ({
  mobile,
  hashes: searchHashes(keys, ACCOUNT_MOBILE_PURPOSE, mobile),
});

/** The keyed hash stored for a number (under the newest key): `sys_user.mobile_hash`, `sys_sms_code.mobile_hash`. */
export const mobileHash = (keys: FieldKeyring, mobile: string): string => searchHash(keys, ACCOUNT_MOBILE_PURPOSE, mobile);

/** Several mobiles at once, and the number each hash stands for (to read a matched row's number back). */
export interface MobileLookups {
  mobiles: string[];
  hashes: Map<string, string>;
}

export function mobileLookups(keys: FieldKeyring, mobiles: readonly string[]): MobileLookups {
  const hashes = new Map<string, string>();
  for (const m of mobiles) for (const h of searchHashes(keys, ACCOUNT_MOBILE_PURPOSE, m)) hashes.set(h, m);
  return { mobiles: [...mobiles], hashes };
}

/** The account's mobile in plain text (a sealed one opened), or null. */
export const accountMobile = (keys: FieldKeyring, row: { mobile: string | null; mobile_sealed?: string | null }): string | null =>
  row.mobile ?? (row.mobile_sealed ? openField(keys, ACCOUNT_MOBILE_PURPOSE, row.mobile_sealed) : null);

/**
 * An outside account, whose mobile is sealed: an applicant (platform 19, as `isOutsideApplicant` of the session) or a
 * member unit's contact (platform 20), without the OA platform.
 */
export const outsideApplicantPlatforms = (platforms: readonly string[]): boolean =>
  (platforms.includes(PLATFORM.FOUNDATION) || platforms.includes(PLATFORM.UNIT_CONTACT)) && !platforms.includes(PLATFORM.OA);

/**
 * The mobile columns to write: sealed for an account whose mobile is sealed already or an outside applicant's, else
 * plain. (An account keeps the sealed form once it has it, whatever its platforms become.)
 */
export const mobileColumns = (keys: FieldKeyring, mobile: string | null, sealed: boolean) =>
  sealed ? sealedMobileColumns(keys, mobile) : { mobile, mobile_sealed: null, mobile_hash: null };

/** A mobile as a message or a log line may show it: 138****1234. */
export const maskMobile = (m: string) => (m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : '****');

/** An account name as typed (a user code or a mobile) as an audit row keeps it: a mobile masked. */
export const auditedAccountName = (name: string | undefined): string | undefined =>
  name !== undefined && isMobile(name.trim()) ? maskMobile(name.trim()) : name;
