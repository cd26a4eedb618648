/**
 * The one definition of "empty" used by every optional rule: null, undefined and the empty string.
 * A whitespace-only string is NOT empty (it is a wrong value and fails the format rules).
 */
export function isEmptyValue(v: unknown): v is null | undefined | '' {
  return v === null || v === undefined || v === '';
}
