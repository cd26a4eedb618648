/** A bank card number shown to people who may not see it in full: `6222 **** **** 1234`. */
export function maskBankCard(s: string): string {
  const digits = s.replace(/\s+/g, '');
  if (digits.length <= 8) return digits.length <= 4 ? '*'.repeat(digits.length) : `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}
