import { HOUR } from '../../lib/time';

/** Attempts before a delivery is given up (failed). */
export const MAX_ATTEMPTS = 6;
/** The daily digest's time when a person chose none (China time). */
export const DEFAULT_DIGEST_AT = '18:00';

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
