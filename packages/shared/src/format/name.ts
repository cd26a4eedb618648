/** U+3000 IDEOGRAPHIC SPACE, as wide as one Chinese character. */
export const FULL_WIDTH_SPACE = '\u3000';

/**
 * Spec §5: a name shorter than 3 characters gets a full-width space after its first character, so
 * two-character names line up with three-character ones ('张三' → '张\u3000三', '张' → '张\u3000').
 * Characters are counted as code points. null/undefined/'' → ''; 3+ characters are unchanged.
 */
export function padName(name: string | null | undefined): string {
  if (name === null || name === undefined || name === '') return '';
  const chars = Array.from(name);
  if (chars.length >= 3) return name;
  return chars[0] + FULL_WIDTH_SPACE + chars.slice(1).join('');
}
