import { HOUR } from '../../lib/time';

/** How long a worker holds a claimed delivery; past it, another worker may take it (its worker died). */
export const LEASE_MS = 60_000;
/** Attempts before a delivery is given up (failed). */
export const MAX_ATTEMPTS = 6;
/** The daily digest's time when a person chose none (China time). */
export const DEFAULT_DIGEST_AT = '18:00';

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
