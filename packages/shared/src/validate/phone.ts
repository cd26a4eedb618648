import { isEmptyValue } from './empty';

/** Landline with area code: 0 + 2–3 digits, a hyphen, 7–8 digits (e.g. 010-12345678, 0571-8888888). */
const LANDLINE = /^0\d{2,3}-\d{7,8}$/;
/** Mobile: 11 digits starting with 1. */
const MOBILE = /^1\d{10}$/;
/** 400 service numbers, 10 digits: 4001234567, 400-123-4567 or 400-1234567. */
const FOUR_HUNDRED = /^400(?:\d{7}|-\d{3}-\d{4}|-\d{7})$/;

/** Spec §5 mobile: optional (null/undefined/'' pass); otherwise exactly 11 digits starting with 1. */
export function isMobile(v: string | null | undefined): boolean {
  if (isEmptyValue(v)) return true;
  return MOBILE.test(v);
}

/** Spec §5 phone or landline: optional; a landline with area code, a mobile or a 400 number. */
export function isPhoneOrLandline(v: string | null | undefined): boolean {
  if (isEmptyValue(v)) return true;
  return LANDLINE.test(v) || MOBILE.test(v) || FOUR_HUNDRED.test(v);
}
