import { chinaClock, chinaDate, chinaInstant, fromChinaClock } from '@oa/shared/format/china-time';
import { badRequest, bizError } from '../../lib/errors';
import { MAX_MEETING_MS } from './meetings.repository';

/** Days, weeks and messages of meetings are China's (`@oa/shared/format/china-time`). */
const DAY_MS = 86_400_000;

/** [from, to) of today, this week (Monday first) or this month around `date` (default today). */
export function rangeOf(range: 'today' | 'week' | 'month', date?: string): { from: string; to: string } {
  const day = date ?? chinaDate();
  const start = Date.parse(chinaInstant(day));
  if (range === 'today') return { from: new Date(start).toISOString(), to: new Date(start + DAY_MS).toISOString() };
  if (range === 'week') {
    const weekday = (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday 0
    const from = start - weekday * DAY_MS;
    return { from: new Date(from).toISOString(), to: new Date(from + 7 * DAY_MS).toISOString() };
  }
  const first = `${day.slice(0, 8)}01`;
  const d = new Date(`${first}T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return { from: chinaInstant(first), to: chinaInstant(d.toISOString().slice(0, 10)) };
}

/** Normalised [start, end) of a booking: end after start, at most a day long (400 naming the field). */
export function slot(startTime: string, endTime: string): { start: string; end: string } {
  const s = Date.parse(startTime);
  const e = Date.parse(endTime);
  if (!(e > s)) throw badRequest('结束时间须晚于开始时间', 'endTime');
  if (e - s > MAX_MEETING_MS) throw badRequest('会议时长不能超过24小时', 'endTime');
  return { start: new Date(s).toISOString(), end: new Date(e).toISOString() };
}

/** A booking may not start in the past (a minute's grace for the form's clock). */
export function notPast(start: string, now = Date.now()): void {
  if (Date.parse(start) < now - 60_000) throw bizError('不能预订已经过去的时间段');
}

type Freq = 'none' | 'daily' | 'weekly' | 'monthly';
const MAX_OCCURRENCES = 100;

/** Every occurrence of a series until the local date `until` (inclusive); monthly skips months without the day. */
export function occurrences(
  first: { start: string; end: string },
  freq: Freq,
  until?: string | null,
): Array<{ start: string; end: string }> {
  if (freq === 'none') return [first];
  if (!until) throw badRequest('请选择重复截止日期', 'recurrence.until');
  if (until < chinaDate(first.start)) throw badRequest('重复截止日期不能早于会议日期', 'recurrence.until');
  const len = Date.parse(first.end) - Date.parse(first.start);
  const base = chinaClock(first.start);
  const out: Array<{ start: string; end: string }> = [];
  for (let k = 0; k < 400; k += 1) {
    const d = new Date(base.getTime());
    if (freq === 'daily') d.setUTCDate(d.getUTCDate() + k);
    else if (freq === 'weekly') d.setUTCDate(d.getUTCDate() + 7 * k);
    else {
      d.setUTCMonth(d.getUTCMonth() + k);
      if (d.getUTCDate() !== base.getUTCDate()) continue;
    }
    if (d.toISOString().slice(0, 10) > until) break;
    const start = fromChinaClock(d);
    out.push({ start: new Date(start).toISOString(), end: new Date(start + len).toISOString() });
    if (out.length > MAX_OCCURRENCES) throw badRequest(`重复会议最多${MAX_OCCURRENCES}场，请缩短重复截止日期`, 'recurrence.until');
  }
  return out;
}
