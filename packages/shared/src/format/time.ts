/** Anything a date field may carry. */
export type TimeInput = Date | number | string | null | undefined;

export const DEFAULT_TIME_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';
const WEEKDAYS = '日一二三四五六';
/** The backend's "no date" value. */
const ZERO_DATE = '0001-01-01';
const LOCAL = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?$/;

function fromEpoch(n: number): Date | null {
  if (!Number.isFinite(n)) return null;
  // Spec §5: a ten-digit timestamp is in seconds; anything else numeric is milliseconds.
  const ms = String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Reads a date. null/undefined/'' and the zero date '0001-01-01…' → null; invalid → null.
 * Numbers and digit strings are epoch timestamps (ten digits = seconds). 'YYYY-MM-DD[ HH:mm[:ss]]'
 * (also with '/' or 'T') is local time, checked to be a real calendar date; other strings (ISO with
 * an offset or 'Z') go to Date.parse.
 */
export function parseDate(v: TimeInput): Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : new Date(v.getTime());
  if (typeof v === 'number') return fromEpoch(v);
  const s = v.trim();
  if (s === '' || s.startsWith(ZERO_DATE)) return null;
  if (/^\d+$/.test(s)) return fromEpoch(Number(s));
  const m = LOCAL.exec(s);
  if (m) {
    const [y, mo, d, h, mi, se] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
    const date = new Date(y, mo - 1, d, h, mi, se);
    const real = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
    return real && h < 24 && mi < 60 && se < 60 ? date : null;
  }
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats a date with {y} {m} {d} {h} {i} {s} (zero-padded) and {a} (weekday 日/一/…/六), in local
 * time; other text is kept. Default '{y}-{m}-{d} {h}:{i}:{s}'. Empty, zero date or invalid → ''.
 */
export function formatTime(v: TimeInput, pattern: string = DEFAULT_TIME_PATTERN): string {
  const date = parseDate(v);
  if (!date) return '';
  const values: Record<string, string> = {
    y: String(date.getFullYear()),
    m: pad(date.getMonth() + 1),
    d: pad(date.getDate()),
    h: pad(date.getHours()),
    i: pad(date.getMinutes()),
    s: pad(date.getSeconds()),
    a: WEEKDAYS[date.getDay()],
  };
  return pattern.replace(/\{([ymdhisa])\}/g, (_all, key: string) => values[key]);
}

/**
 * Age in whole years on `today` (default now): one less until the birthday is reached that year.
 * A 29 February birthday is reached on 1 March in common years. Empty, zero date, invalid or a
 * birth date after `today` → null.
 */
export function ageOf(dateString: TimeInput, today: Date = new Date()): number | null {
  const birth = parseDate(dateString);
  if (!birth) return null;
  const y = today.getFullYear();
  const md = (today.getMonth() + 1) * 100 + today.getDate();
  const birthMd = (birth.getMonth() + 1) * 100 + birth.getDate();
  const age = y - birth.getFullYear() - (md < birthMd ? 1 : 0);
  return age < 0 ? null : age;
}
