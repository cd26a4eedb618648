import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BIN_BANKS, BIN_ROWS } from './bank-bins.data';
import { bankCardInfo, CARD_TYPE_NAMES, isBankCard, luhnValid } from './bank-card';

/** Completes `prefix` to `length` digits with zeros and a Luhn check digit. */
function luhnComplete(prefix: string, length: number): string {
  const base = (prefix + '0'.repeat(length)).slice(0, length - 1);
  for (let d = 0; d < 10; d += 1) if (luhnValid(`${base}${d}`)) return `${base}${d}`;
  throw new Error('unreachable');
}

describe('luhnValid', () => {
  it.each([
    ['79927398713', true], // the textbook example
    ['79927398710', false],
    ['0', true],
    ['', false],
    ['12a4', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
  ])('%j → %s', (v, ok) => {
    expect(luhnValid(v)).toBe(ok);
  });

  it('detects every single-digit change', () => {
    const card = fc.stringMatching(/^\d{14,18}$/).map((s) => luhnComplete(s, s.length + 1));
    fc.assert(
      fc.property(card, fc.nat(), fc.integer({ min: 1, max: 9 }), (c, at, delta) => {
        const i = at % c.length;
        const changed = c.slice(0, i) + String((Number(c[i]) + delta) % 10) + c.slice(i + 1);
        return luhnValid(c) && !luhnValid(changed);
      }),
    );
  });
});

describe('isBankCard', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['6222020000000000000', true], // 19 digits, Luhn ok
    ['6214830000000009', true], // 16
    ['622202000000000', luhnValid('622202000000000')],
    [luhnComplete('6222', 15), true], // 15 is the shortest length
    [luhnComplete('6222', 14), false], // 14: too short even with a good check digit
    [luhnComplete('6222', 20), false], // 20: too long
    ['6222020000000000001', false], // Luhn fails
    ['6222 0200 0000 0000 000', false], // no spaces
    ['622202000000000000a', false],
    [' ', false],
  ])('%j → %s', (v, ok) => {
    expect(isBankCard(v)).toBe(ok);
  });

  it('accepts every Luhn-completed 15–19 digit number', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{14,18}$/), (s) => isBankCard(luhnComplete(s, s.length + 1))));
  });
});

describe('bankCardInfo', () => {
  const info = (bankName: string, bankCode: string, cardType: 'DC' | 'CC' | 'SCC' | 'PC') => ({
    bankName,
    bankCode,
    cardType,
    cardTypeName: CARD_TYPE_NAMES[cardType],
  });

  it.each([
    ['6222020000000000000', info('中国工商银行', 'ICBC', 'DC')],
    ['6228480000000000000', info('中国农业银行', 'ABC', 'DC')],
    ['6217000000000000004', info('中国建设银行', 'CCB', 'DC')],
    ['6227000000000000003', info('中国建设银行', 'CCB', 'DC')],
    ['6216610000000000008', info('中国银行', 'BOC', 'DC')],
    ['6259080000000007', info('中国银行', 'BOC', 'CC')],
    ['3568330000000009', info('中国银行', 'BOC', 'CC')],
    ['6222600000000000008', info('中国交通银行', 'COMM', 'DC')],
    ['6214830000000009', info('招商银行', 'CMB', 'DC')],
    ['6221500000000000001', info('中国邮政储蓄银行', 'PSBC', 'DC')],
    ['6222100000000000', info('中国工商银行', 'ICBC', 'SCC')],
    ['6200540000000000', info('中国工商银行', 'ICBC', 'PC')],
  ])('%s → %j', (no, expected) => {
    expect(bankCardInfo(no)).toEqual(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['6222020000000000'], // ICBC prefix but 16 digits: that BIN is declared for 19
    ['622202000000000000'], // 18
    ['12345678901234567'], // no BIN
    ['62220200000000'], // 14 digits
    ['62220200000000000000'], // 20 digits
    ['622202000000000000a'],
    [' 6222020000000000000'],
  ])('%j → error', (no) => {
    expect(bankCardInfo(no)).toBe('error');
  });

  it('does not require the Luhn check (lookup only)', () => {
    expect(bankCardInfo('6222020000000000001')).toEqual(info('中国工商银行', 'ICBC', 'DC'));
  });

  it('returns a consistent record or error for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^62\d{13,17}$/)), (s) => {
        const r = bankCardInfo(s);
        if (r === 'error') return true;
        return /^\d{15,19}$/.test(s) && CARD_TYPE_NAMES[r.cardType] === r.cardTypeName && r.bankName !== '';
      }),
    );
  });
});

describe('BIN table (bank-bins.data.ts)', () => {
  it('is well formed', () => {
    expect(BIN_BANKS.length).toBeGreaterThan(100);
    for (const [bank, cardType, length, prefixes] of BIN_ROWS) {
      expect(BIN_BANKS[bank]).toBeDefined();
      expect(CARD_TYPE_NAMES[cardType]).toBeDefined();
      expect(length).toBeGreaterThanOrEqual(15);
      expect(length).toBeLessThanOrEqual(19);
      for (const p of prefixes.split(' ')) {
        expect(p).toMatch(/^\d{3,10}$/);
        expect(p.length).toBeLessThan(length);
      }
    }
  });

  it('covers debit and credit cards of the large Chinese banks', () => {
    const have = new Set(BIN_ROWS.map(([bank, type]) => `${BIN_BANKS[bank][0]}:${type}`));
    for (const code of ['ICBC', 'ABC', 'BOC', 'CCB', 'COMM', 'PSBC', 'CMB', 'CITIC', 'CIB', 'SPDB', 'CMBC', 'CEB']) {
      expect(have.has(`${code}:DC`), `${code} debit`).toBe(true);
      expect(have.has(`${code}:CC`), `${code} credit`).toBe(true);
    }
  });

  it('resolves every declared prefix at its declared length to its own row or an earlier one', () => {
    BIN_ROWS.forEach(([bank, cardType, length, prefixes], row) => {
      for (const p of prefixes.split(' ')) {
        const card = luhnComplete(p, length);
        const r = bankCardInfo(card);
        expect(r, `${p}/${length}`).not.toBe('error');
        if (r === 'error') continue;
        const own = r.bankCode === BIN_BANKS[bank][0] && r.bankName === BIN_BANKS[bank][1] && r.cardType === cardType;
        const shadowed = BIN_ROWS.slice(0, row).some(([, , l, ps]) => l === length && ps.split(' ').some((q) => card.startsWith(q)));
        expect(own || shadowed, `${p}/${length}`).toBe(true);
      }
    });
  });
});
