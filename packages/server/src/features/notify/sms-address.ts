import type { FieldKeyring } from '../../lib/field-cipher';
import { accountMobile, maskMobile } from '../../core/identity/account-mobile';

/**
 * The SMS address of a person (issue 36). A staff member's number is in `sys_user.mobile`; an outside applicant's only
 * sealed (`mobile_sealed`, SM4). A delivery row, the delivery log and every log line keep the sealed number masked
 * (138****1234), never in full; the number itself is opened from the account only when the text is handed to the
 * gateway (`sendAddress`).
 */
export interface MobileContact {
  mobile: string | null;
  mobile_sealed: string | null;
}

/** The contact with `mobile` as a delivery row keeps it: a staff member's number, a sealed one masked. */
export const withSmsAddress = <C extends MobileContact>(keys: FieldKeyring, c: C): C => ({
  ...c,
  mobile: c.mobile ?? (c.mobile_sealed ? maskMobile(accountMobile(keys, c) ?? '') : null),
});

/** Where a message goes: the stored address, but for a sealed mobile the number opened from the account. */
export const sendAddress = (keys: FieldKeyring, channel: string, stored: string, c: MobileContact | undefined): string =>
  channel === 'sms' && c && !c.mobile && c.mobile_sealed ? (accountMobile(keys, c) ?? stored) : stored;
