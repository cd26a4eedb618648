/** ISO-8601 UTC timestamps are what the database stores in both dialects. */
export const nowIso = (): string => new Date().toISOString();
export const isoAfter = (ms: number, from = Date.now()): string => new Date(from + ms).toISOString();
export const isoBefore = (ms: number, from = Date.now()): string => new Date(from - ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
