/**
 * The fixed log-scale histogram of step durations kept by the workflow's step statistics (issue 38):
 * bucket 0 holds durations under one minute; bucket k (1…BUCKETS-1) holds [1 min × √2^(k-1), 1 min × √2^k),
 * the last one everything longer (about 1.4 years and up). A median or a 90th percentile is read from the
 * bucket counts (geometric interpolation inside the bucket), so its error is below one bucket (a factor √2).
 */
export const DURATION_BUCKETS = 40;
const MINUTE_MS = 60_000;
const STEP = Math.SQRT2;

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** The columns of the buckets in the aggregate table: h00 … h39. */
export type BucketColumn = `h${'0' | '1' | '2' | '3'}${Digit}`;
export const BUCKET_COLUMNS = Array.from({ length: DURATION_BUCKETS }, (_, k) => `h${String(k).padStart(2, '0')}` as BucketColumn);

/** Lower bound (ms) of bucket k. */
export const bucketFloor = (k: number): number => (k === 0 ? 0 : MINUTE_MS * STEP ** (k - 1));

/** The bucket of a duration in milliseconds (negative durations, from clock skew, count as 0). */
export function bucketOf(ms: number): number {
  if (!(ms >= MINUTE_MS)) return 0;
  const k = Math.floor(Math.log(ms / MINUTE_MS) / Math.log(STEP) + 1e-9) + 1;
  return Math.min(DURATION_BUCKETS - 1, k);
}

/** Adds histogram `b` into `a` (same length). */
export function addHistogram(a: number[], b: readonly number[]): number[] {
  for (let k = 0; k < a.length; k++) a[k] += b[k] ?? 0;
  return a;
}

export const emptyHistogram = (): number[] => new Array<number>(DURATION_BUCKETS).fill(0);

/**
 * The q-quantile (0 < q < 1) of the durations counted in `hist`, in ms; null when it counts nothing.
 * Inside the bucket that holds the rank the value is interpolated geometrically (linearly in bucket 0).
 */
export function quantileOf(hist: readonly number[], q: number): number | null {
  const total = hist.reduce((s, n) => s + n, 0);
  if (!total) return null;
  const rank = q * total;
  let seen = 0;
  for (let k = 0; k < hist.length; k++) {
    const n = hist[k];
    if (!n) continue;
    if (seen + n >= rank) {
      const f = Math.min(1, Math.max(0, (rank - seen) / n));
      if (k === 0) return Math.round(MINUTE_MS * f);
      const lo = bucketFloor(k);
      // the open last bucket: read as one bucket wide
      return Math.round(lo * STEP ** f);
    }
    seen += n;
  }
  return Math.round(bucketFloor(hist.length - 1));
}
