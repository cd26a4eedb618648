import { numberToPlain, isZeroPlain, parsePlain, roundPlain } from './decimal';

/** A money input as the UI and the API carry it. */
export type MoneyInput = number | string | null | undefined;

/**
 * The text the spec's empty rules look at: numbers as JavaScript prints them (so -1 → '-1' and
 * 1e21 → '1e+21'), strings trimmed. null/undefined → ''.
 */
function rawText(v: MoneyInput): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? String(v) : v.trim();
}

/**
 * Spec §5 money formatter: thousands separators, two decimals (rounded half-up), optional prefix.
 * Gives '' for null/undefined/'', for '.', for anything containing '-' or '+' (so negative numbers
 * and exponent forms), and for non-numeric text (letters, commas, NaN, Infinity). An amount that
 * is 0 — or rounds to 0.00 — gives '0.00' without the prefix (spec: "0 gives '0.00'").
 * Examples: 1234.5 → '1,234.50'; ('1234567.891', '¥') → '¥1,234,567.89'.
 */
export function formatMoney(v: MoneyInput, prefix = ''): string {
  const raw = rawText(v);
  if (raw === '' || raw === '.' || raw.includes('-') || raw.includes('+')) return '';
  const text = typeof v === 'number' ? numberToPlain(v) : raw;
  const parsed = text === null ? null : parsePlain(text);
  if (!parsed) return '';
  const rounded = roundPlain(parsed, 2);
  if (isZeroPlain(rounded)) return '0.00';
  const grouped = rounded.int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${prefix}${grouped}.${rounded.frac}`;
}

/**
 * Spec §5 inverse helper: removes the optional prefix (when it leads), every comma and a trailing
 * '.00'. '1,234.00' → '1234'; '1,234.50' → '1234.50'. null/undefined → ''.
 * formatMoney(unformatMoney(s)) === s for every s that formatMoney produced.
 */
export function unformatMoney(s: MoneyInput, prefix = ''): string {
  if (s === null || s === undefined) return '';
  let text = String(s);
  if (prefix !== '' && text.startsWith(prefix)) text = text.slice(prefix.length);
  return text.replace(/,/g, '').replace(/\.00$/, '');
}
