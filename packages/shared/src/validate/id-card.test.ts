import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idCardCheckChar, isIdCard } from './id-card';

const TODAY = new Date(2024, 5, 15);
const withCheck = (body17: string): string => body17 + idCardCheckChar(body17);

describe('isIdCard, spec format rule (default)', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['110101199003074578', true],
    ['11010119900307457X', true],
    ['11010119900307457x', true],
    ['110101900307457', true], // 15 digits
    ['110101199003074579', true], // wrong check digit: the spec rule does not check it
    ['999999999999999999', true],
    ['11010119900307457', false], // 17
    ['1101011990030745781', false], // 19
    ['11010190030745', false], // 14
    ['1101019003074571', false], // 16
    ['11010119900307X578', false], // X not last
    ['X10101199003074578', false],
    ['11010119900307457Y', false],
    ['110101900307457X', false], // 15 + X is not a form
    [' 110101199003074578', false],
    ['110101199003074578 ', false],
    [' ', false],
  ])('%j → %s', (v, ok) => {
    expect(isIdCard(v)).toBe(ok);
    expect(isIdCard(v, { strict: false })).toBe(ok);
  });
});

describe('isIdCard, strict (GB 11643)', () => {
  it.each([
    [null, true],
    ['', true],
    ['11010519491231002X', true], // the standard's own example
    ['11010519491231002x', true],
    ['110101199003074573', true],
    ['110101199003074578', false], // wrong check digit (passes the format rule)
    [withCheck('44052418800101001'), false], // born 1880: before 1900
    [withCheck('11010119900230457'), false], // 30 February
    [withCheck('11010119901301457'), false], // month 13
    [withCheck('11010119900001457'), false], // month 00
    [withCheck('11010119900100457'), false], // day 00
    [withCheck('11010120240616457'), false], // the day after `today`
    ['110101900307457', true], // 15 digits, 1990-03-07
    ['110101900230457', false], // 15 digits, 1990-02-30
    ['110101901301457', false], // 15 digits, month 13
    ['11010119900307457', false], // still needs the format
  ])('%j → %s', (v, ok) => {
    expect(isIdCard(v, { strict: true, today: TODAY })).toBe(ok);
  });

  it('accepts 29 February only in leap years', () => {
    const leap = '11010120000229' + '123';
    const common = '11010119990229' + '123';
    expect(isIdCard(leap + idCardCheckChar(leap), { strict: true, today: TODAY })).toBe(true);
    expect(isIdCard(common + idCardCheckChar(common), { strict: true, today: TODAY })).toBe(false);
  });

  it('accepts a birth date equal to today', () => {
    const body = '11010120240615123';
    expect(isIdCard(body + idCardCheckChar(body), { strict: true, today: TODAY })).toBe(true);
  });

  const body = fc
    .record({
      region: fc.stringMatching(/^\d{6}$/),
      date: fc.date({ min: new Date(1900, 0, 1), max: new Date(2024, 0, 1), noInvalidDate: true }),
      seq: fc.stringMatching(/^\d{3}$/),
    })
    .map(({ region, date, seq }) => {
      const ymd = `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}`;
      return `${region}${ymd}${seq}`;
    });

  it('accepts exactly one check character per body', () => {
    fc.assert(
      fc.property(body, (b) => {
        const good = idCardCheckChar(b);
        const accepted = '0123456789X'.split('').filter((c) => isIdCard(b + c, { strict: true, today: TODAY }));
        return accepted.length === 1 && accepted[0] === good;
      }),
    );
  });

  it('strict never accepts what the format rule rejects', () => {
    fc.assert(fc.property(fc.string(), (s) => !isIdCard(s, { strict: true }) || isIdCard(s)));
  });
});
