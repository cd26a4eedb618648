import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  chinaClock,
  chinaDate,
  chinaDateTime,
  chinaInstant,
  chinaMonth,
  chinaTime,
  chinaYear,
  fromChinaClock,
} from './china-time';

describe('China time', () => {
  // 2026-01-01 05:31 in China is still 2025-12-31 21:31 UTC
  const at = Date.parse('2025-12-31T21:31:00Z');
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(at);
  });
  afterEach(() => vi.useRealTimers());

  it("answers now and today in China, not UTC's (a fake clock at 05:31 China time)", () => {
    expect(chinaDate()).toBe('2026-01-01');
    expect(chinaMonth()).toBe('2026-01');
    expect(chinaYear()).toBe(2026);
    expect(chinaTime()).toBe('05:31');
    expect(chinaDateTime()).toBe('2026-01-01 05:31');
    expect(chinaDate('2026-03-05T16:00:00.000Z')).toBe('2026-03-06');
    expect(chinaDate(new Date('2026-03-05T15:59:59.999Z'))).toBe('2026-03-05');
  });

  it('turns a China date and time back into an instant', () => {
    expect(chinaInstant('2026-01-01')).toBe('2025-12-31T16:00:00.000Z');
    expect(chinaInstant('2026-01-02', '17:00')).toBe('2026-01-02T09:00:00.000Z');
    expect(fromChinaClock(chinaClock(at))).toBe(at);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
