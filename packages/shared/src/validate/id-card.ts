import { isEmptyValue } from './empty';

/** Spec §5 format rule: 15 digits, or 17 digits plus a digit, X or x (which covers 18 digits). */
const ID_FORMAT = /^(?:\d{15}|\d{17}[\dXx])$/;

/** GB 11643-1999 weights of the first 17 digits and the check characters for sum mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

export interface IdCardOptions {
  /**
   * Off by default (the spec's format rule). When on, an 18-character number must also carry the
   * GB 11643 check character, and both forms must hold a real birth date between 1900-01-01 and
   * `today` (15-digit numbers encode YYMMDD in the 1900s).
   */
  strict?: boolean;
  /** The reference date for "not in the future"; defaults to now. */
  today?: Date;
}

/** The GB 11643 check character ('0'–'9' or 'X') for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (first17.charCodeAt(i) - 48) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

function isRealDate(y: number, m: number, d: number, today: Date): boolean {
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return false;
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return date.getTime() <= end.getTime();
}

/** Spec §5 ID card: optional (null/undefined/'' pass); the format rule, plus GB 11643 checks when strict. */
export function isIdCard(v: string | null | undefined, options: IdCardOptions = {}): boolean {
  if (isEmptyValue(v)) return true;
  if (!ID_FORMAT.test(v)) return false;
  if (!options.strict) return true;
  const today = options.today ?? new Date();
  if (v.length === 15) {
    return isRealDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)), today);
  }
  if (!isRealDate(Number(v.slice(6, 10)), Number(v.slice(10, 12)), Number(v.slice(12, 14)), today)) return false;
  return idCardCheckChar(v.slice(0, 17)) === v[17].toUpperCase();
}
