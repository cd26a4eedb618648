/**
 * Spec §5 external-link test: the value starts with http:, https:, mailto: or tel: (scheme matched
 * case-insensitively, as URL schemes are). null/undefined/'' are not external links → false.
 */
export function isExternal(v: string | null | undefined): boolean {
  if (typeof v !== 'string') return false;
  return /^(?:https?:|mailto:|tel:)/i.test(v);
}
