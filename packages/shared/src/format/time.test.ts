import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOf, formatTime, parseDate } from './time';

const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date => new Date(y, mo - 1, d, h, mi, s);

describe('formatTime', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['   ', ''],
    ['0001-01-01', ''],
    ['0001-01-01 00:00:00', ''],
    ['0001-01-01T00:00:00', ''],
    ['not a date', ''],
    ['2024-02-30', ''], // not a real date
    ['2024-01-02 24:00:00', ''],
    [Number.NaN, ''],
    [new Date(Number.NaN), ''],
    ['2024-01-02', '2024-01-02 00:00:00'],
    ['2024-1-2 3:04:05', '2024-01-02 03:04:05'],
    ['2024/01/02 03:04', '2024-01-02 03:04:00'],
    ['2024-01-02T03:04:05', '2024-01-02 03:04:05'],
    ['2024-01-02 03:04:05.678', '2024-01-02 03:04:05'],
    [local(2024, 12, 31, 23, 59, 59), '2024-12-31 23:59:59'],
  ])('%j → %j', (v, out) => {
    expect(formatTime(v)).toBe(out);
  });

  it('reads ten-digit timestamps as seconds and others as milliseconds', () => {
    const d = local(2023, 5, 9, 18, 0, 0);
    const seconds = Math.floor(d.getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatTime(seconds)).toBe('2023-05-09 18:00:00');
    expect(formatTime(String(seconds))).toBe('2023-05-09 18:00:00');
    expect(formatTime(d.getTime())).toBe('2023-05-09 18:00:00');
    expect(formatTime(String(d.getTime()))).toBe('2023-05-09 18:00:00');
  });

  it('supports every placeholder including the weekday {a}', () => {
    const d = local(2024, 6, 16, 7, 8, 9); // a Sunday
    expect(formatTime(d, '{y}/{m}/{d} {h}:{i}:{s} 星期{a}')).toBe('2024/06/16 07:08:09 星期日');
    expect(formatTime(local(2024, 6, 17), '{a}')).toBe('一');
    expect(formatTime(local(2024, 6, 22), '{a}')).toBe('六');
    expect(formatTime(d, '{y}年{m}月{d}日 {x}')).toBe('2024年06月16日 {x}');
  });

  it('agrees with the Date getters for any date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1971, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }), (d) => {
        const expected = [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
          .map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0')))
          .join(' ');
        return formatTime(d.getTime(), '{y} {m} {d} {h} {i} {s}') === expected;
      }),
    );
  });

  it('does not mutate a Date it is given', () => {
    const d = local(2024, 1, 2);
    const copy = parseDate(d);
    expect(copy).not.toBe(d);
    expect(copy?.getTime()).toBe(d.getTime());
  });
});

describe('ageOf', () => {
  const today = local(2024, 6, 15);
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['0001-01-01', null],
    ['garbage', null],
    ['2024-06-16', null], // born tomorrow
    ['2024-06-15', 0],
    ['1990-06-15', 34], // birthday today
    ['1990-06-16', 33], // birthday tomorrow
    ['1990-06-14', 34],
    ['1990-12-31', 33],
    ['1990-01-01 08:30:00', 34],
  ])('%j → %j', (v, age) => {
    expect(ageOf(v, today)).toBe(age);
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageOf('2000-02-29', local(2023, 2, 28))).toBe(22);
    expect(ageOf('2000-02-29', local(2023, 3, 1))).toBe(23);
    expect(ageOf('2000-02-29', local(2024, 2, 29))).toBe(24);
  });

  it('grows by exactly one per year', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1900, 0, 1), max: new Date(2000, 0, 1), noInvalidDate: true }),
        fc.integer({ min: 1, max: 80 }),
        (birth, years) => {
          const b = local(birth.getFullYear(), birth.getMonth() + 1, Math.min(birth.getDate(), 28));
          const on = local(b.getFullYear() + years, b.getMonth() + 1, b.getDate());
          const dayBefore = local(b.getFullYear() + years, b.getMonth() + 1, b.getDate() - 1);
          return ageOf(b, on) === years && ageOf(b, dayBefore) === years - 1;
        },
      ),
    );
  });
});
