/**
 * Exact decimal-string helpers for the money formatters: amounts are handled as digit strings, so
 * rounding never suffers from binary floating point (1.005 rounds to 1.01).
 */

/** A non-negative decimal: `int` without leading zeros ('0' for zero), `frac` the fraction digits. */
export interface PlainDecimal {
  int: string;
  frac: string;
}

const PLAIN = /^(\d*)(?:\.(\d*))?$/;

/**
 * The plain decimal text of a non-negative finite number, or null (negative, NaN, ±Infinity).
 * Exponent forms are expanded: 1e21 → '1000000000000000000000', 1e-7 → '0.0000001…'.
 */
export function numberToPlain(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const s = String(n);
  if (!s.includes('e')) return s;
  return n >= 1 ? BigInt(n).toString() : n.toFixed(20);
}

/**
 * Parses '123', '123.45', '123.', '.5' (digits only, at least one digit). Anything else —
 * signs, exponents, commas, spaces, '.', '' — gives null.
 */
export function parsePlain(s: string): PlainDecimal | null {
  const m = PLAIN.exec(s);
  if (!m) return null;
  const intDigits = m[1];
  const frac = m[2] ?? '';
  if (intDigits === '' && frac === '') return null;
  return { int: intDigits.replace(/^0+(?=\d)/, '') || '0', frac };
}

/** Adds one to a string of digits ('199' → '200', '99' → '100'). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** Rounds half-up to exactly `places` fraction digits. */
export function roundPlain(d: PlainDecimal, places: number): PlainDecimal {
  if (d.frac.length <= places) return { int: d.int, frac: d.frac.padEnd(places, '0') };
  const roundUp = d.frac.charCodeAt(places) >= 53; // '5'
  const kept = d.int + d.frac.slice(0, places);
  const digits = roundUp ? incrementDigits(kept) : kept;
  const cut = digits.length - places;
  return { int: digits.slice(0, cut).replace(/^0+(?=\d)/, '') || '0', frac: digits.slice(cut) };
}

export function isZeroPlain(d: PlainDecimal): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac);
}
