import { options } from './field';

/**
 * Small helpers shared by the approval module declarations (issue 6): option lists used by several
 * forms, day counting, sums of sub-table columns and common cross-field checks.
 */

export const YES_NO = options('是', '否');
export const FUND_SOURCES = options('部门预算', '专项经费', '会费收入', '财政拨款', '其他');
export const URGENCY = options('普通', '急', '特急');

const DAY_MS = 86_400_000;

function isoDay(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) ? t : null;
}

/** Whole calendar days of a [start, end] range, both ends included; null when incomplete or reversed. */
export function calendarDays(range: unknown): number | null {
  if (!Array.isArray(range)) return null;
  const a = isoDay(range[0]);
  const b = isoDay(range[1]);
  return a !== null && b !== null && b >= a ? Math.round((b - a) / DAY_MS) + 1 : null;
}

/** Working days (Monday–Friday) of a [start, end] range, both ends included. */
export function workingDays(range: unknown): number | null {
  if (!Array.isArray(range)) return null;
  const a = isoDay(range[0]);
  const b = isoDay(range[1]);
  if (a === null || b === null || b < a || b - a > 400 * DAY_MS) return null;
  let n = 0;
  for (let t = a; t <= b; t += DAY_MS) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) n += 1;
  }
  return n;
}

/** The sum of a money/int column of a sub-table, rounded to cents; null when there are no rows. */
export function columnSum(rows: unknown, column: string): number | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  let cents = 0;
  for (const r of rows) {
    const v = r && typeof r === 'object' ? (r as Record<string, unknown>)[column] : null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
    if (!Number.isFinite(n)) return null;
    cents += Math.round(n * 100);
  }
  return cents / 100;
}

/** Product of two numbers rounded to cents (unit price × quantity); null when either is missing. */
export function times(a: unknown, b: unknown): number | null {
  const x = typeof a === 'number' ? a : Number.NaN;
  const y = typeof b === 'number' ? b : Number.NaN;
  return Number.isFinite(x) && Number.isFinite(y) ? Math.round(x * y * 100) / 100 : null;
}

/** The unified social credit code (统一社会信用代码): 18 characters of digits and capitals without I, O, S, V, Z. */
export const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** Time of day "HH:mm". */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Years of service completed on `at` for someone who joined on `entryDate` (YYYY-MM-DD). */
export function yearsOfService(entryDate: string | null | undefined, at: string): number {
  if (!entryDate || !/^\d{4}-\d{2}-\d{2}/.test(entryDate)) return 0;
  const [y1, m1, d1] = entryDate.slice(0, 10).split('-').map(Number);
  const [y2, m2, d2] = at.slice(0, 10).split('-').map(Number);
  let years = y2 - y1;
  if (m2 < m1 || (m2 === m1 && d2 < d1)) years -= 1;
  return Math.max(0, years);
}

/**
 * Paid annual leave by years of service (职工带薪年休假条例 §3): under 1 year none, 1–9 years 5 days,
 * 10–19 years 10 days, 20 years and more 15 days.
 */
export function annualLeaveEntitlement(years: number): number {
  if (years < 1) return 0;
  if (years < 10) return 5;
  if (years < 20) return 10;
  return 15;
}
