import { createHash } from 'node:crypto';

/**
 * What an audit row keeps of a value that is longer than its column's budget: always valid JSON. An object keeps
 * every field; a field too long to keep is replaced by a note with its length and SM3 digest, so the row still shows
 * which fields changed and proves what they were. Anything else too long becomes that note itself.
 */
export function fitJson(v: unknown, max: number): string {
  const whole = JSON.stringify(v);
  if (whole.length <= max) return whole;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    const share = Math.floor(max / Math.max(entries.length, 1)) - 16;
    const fitted = Object.fromEntries(entries.map(([k, x]) => [k, fitsIn(x, share) ? x : omitted(x)]));
    const text = JSON.stringify(fitted);
    if (text.length <= max) return text;
  }
  return JSON.stringify(omitted(v));
}

const fitsIn = (x: unknown, share: number): boolean => (JSON.stringify(x) ?? '').length <= share;

/** The note that stands for a value left out (shown to the audit administrator as it is). */
function omitted(x: unknown): string {
  const text = JSON.stringify(x) ?? '';
  const digest = createHash('sm3').update(text).digest('hex');
  return `（内容过长已省略：${text.length} 字符，SM3 ${digest}）`;
}
