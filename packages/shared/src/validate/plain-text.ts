/**
 * Text no person types: control characters (tab, line feed and carriage return aside), the bidirectional
 * controls (U+202A–U+202E, U+2066–U+2069: they reorder what a reader sees) and lone UTF-16 surrogates (not
 * Unicode text at all). Supplementary characters (emoji, rare Han characters) are text and pass.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- this rule is about control characters
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnsafeText = (s: string): boolean => UNSAFE.test(s);

/** A platform code as the platforms table spells it: digits only. */
export const PLATFORM_CODE = /^\d{1,8}$/;
