/**
 * The `tel:` address of a telephone number as the address book shows it, or null when it cannot be dialled: none, or
 * masked by the server (138****1234: the viewer may not see that mobile). Keeps digits, a leading +, and the , ; * #
 * a dialler understands after the number's first digits (extensions); drops spaces, dashes and brackets.
 */
export function telHref(number: string | null | undefined): string | null {
  const n = number?.trim();
  if (!n || n.includes('*')) return null;
  const dial = n.replace(/(?!^\+)[^\d,;#]/g, '');
  return /\d{3,}/.test(dial) ? `tel:${dial}` : null;
}
