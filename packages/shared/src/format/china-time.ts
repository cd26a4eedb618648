/**
 * China Standard Time (UTC+8, no daylight saving): the association's days, months and years, for the server and
 * the web alike. Timestamps are stored as UTC instants; a date a person reads or types is China's.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** China's offset from UTC. */
export const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** An instant: a Date, epoch milliseconds or an ISO string with its offset. */
export type Instant = Date | number | string;

const msOf = (at: Instant): number => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));

/** China's wall clock at `at` as a Date whose UTC fields are China's date and time (for calendar arithmetic). */
export const chinaClock = (at: Instant = Date.now()): Date => new Date(msOf(at) + CHINA_OFFSET_MS);

/** 'YYYY-MM-DDTHH:mm:ss' of China's wall clock. */
const wall = (at: Instant): string => chinaClock(at).toISOString().slice(0, 19);

/** China's date at `at` ('YYYY-MM-DD'); without an argument, today in China. */
export const chinaDate = (at: Instant = Date.now()): string => wall(at).slice(0, 10);
/** China's month at `at` ('YYYY-MM'). */
export const chinaMonth = (at: Instant = Date.now()): string => wall(at).slice(0, 7);
/** China's year at `at`. */
export const chinaYear = (at: Instant = Date.now()): number => chinaClock(at).getUTCFullYear();
/** China's time of day at `at` ('HH:mm'). */
export const chinaTime = (at: Instant = Date.now()): string => wall(at).slice(11, 16);
/** China's date and time at `at` ('YYYY-MM-DD HH:mm'); without an argument, now in China. */
export const chinaDateTime = (at: Instant = Date.now()): string => `${chinaDate(at)} ${chinaTime(at)}`;

/** The instant (ms) of a China wall clock given as UTC fields (`chinaClock`'s inverse). */
export const fromChinaClock = (clock: Date | number): number => msOf(clock) - CHINA_OFFSET_MS;
/** The instant (ISO) of China's `time` ('HH:mm[:ss]', default midnight) on `date` ('YYYY-MM-DD'). */
export const chinaInstant = (date: string, time = '00:00'): string => new Date(Date.parse(`${date}T${time}+08:00`)).toISOString();
/** The date `days` after (or before) a 'YYYY-MM-DD' date. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
