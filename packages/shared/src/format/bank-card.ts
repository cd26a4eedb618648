/**
 * Bank-card numbers shown to people who may not see them in full (everyone but the bank-card viewer
 * role 014 and administrators): the first four and the last four digits, the rest as '****' groups,
 * e.g. '6222 **** **** 1234'. The server masks before sending; the full number never reaches them.
 */
export function maskBankCard(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  const digits = String(value).replace(/[\s-]/g, '');
  if (!digits) return value;
  if (digits.length <= 8) return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
  const middle = digits.length - 8;
  const groups = Math.max(1, Math.ceil(middle / 4));
  return `${digits.slice(0, 4)} ${Array.from({ length: groups }, () => '****').join(' ')} ${digits.slice(-4)}`;
}

/** Whether a value is what maskBankCard shows (a masked number sent back unchanged from a form). */
export function isMaskedBankCard(value: unknown): boolean {
  return typeof value === 'string' && value.includes('*');
}
