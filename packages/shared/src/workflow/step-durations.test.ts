import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, bucketFloor, bucketOf, emptyHistogram, quantileOf } from './step-durations';

const MIN = 60_000;

describe('the duration histogram', () => {
  it('puts a duration in the bucket whose bounds hold it', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(59_999)).toBe(0);
    expect(bucketOf(-5)).toBe(0);
    for (const ms of [MIN, 90_000, 3_600_000, 86_400_000, 30 * 86_400_000]) {
      const k = bucketOf(ms);
      expect(bucketFloor(k)).toBeLessThanOrEqual(ms);
      expect(bucketFloor(k + 1)).toBeGreaterThan(ms);
    }
    expect(bucketOf(10 * 365 * 86_400_000)).toBe(DURATION_BUCKETS - 1);
  });

  it('reads quantiles within one bucket (a factor √2) of the exact ones', () => {
    const durations = Array.from({ length: 1000 }, (_, i) => MIN * 1.013 ** i);
    const hist = emptyHistogram();
    for (const d of durations) hist[bucketOf(d)] += 1;
    for (const q of [0.5, 0.9]) {
      const exact = durations[Math.ceil(q * durations.length) - 1];
      const read = quantileOf(hist, q)!;
      expect(read / exact).toBeGreaterThan(1 / Math.SQRT2);
      expect(read / exact).toBeLessThan(Math.SQRT2);
    }
  });

  it('has no quantile of nothing', () => {
    expect(quantileOf(emptyHistogram(), 0.5)).toBeNull();
  });
});
