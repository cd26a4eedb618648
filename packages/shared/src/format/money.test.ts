import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, unformatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    // spec empty cases
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['   ', ''],
    ['.', ''],
    ['-1', ''],
    [-1, ''],
    ['+1', ''],
    ['1-2', ''],
    [1e21, ''], // '1e+21' contains '+'
    [1e-7, ''], // '1e-7' contains '-'
    ['abc', ''],
    ['12a', ''],
    ['1,234', ''], // commas: use unformatMoney first
    ['1.2.3', ''],
    ['1e5', ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    // zero
    [0, '0.00'],
    ['0', '0.00'],
    ['0.00', '0.00'],
    ['000', '0.00'],
    [0.004, '0.00'], // rounds to zero
    // values
    [0.005, '0.01'],
    [1, '1.00'],
    ['1.', '1.00'],
    ['.5', '0.50'],
    [12.3, '12.30'],
    [123, '123.00'],
    [1234, '1,234.00'],
    [1234.5, '1,234.50'],
    [1.005, '1.01'], // half-up on the decimal text, not on the binary value
    ['1234567.891', '1,234,567.89'],
    ['999.995', '1,000.00'],
    ['007', '7.00'],
    [' 12 ', '12.00'],
    ['123456789012345678901234.5', '123,456,789,012,345,678,901,234.50'],
  ])('%j → %j', (v, out) => {
    expect(formatMoney(v)).toBe(out);
  });

  it('puts the prefix in front of non-zero amounts only', () => {
    expect(formatMoney(1234.5, '¥')).toBe('¥1,234.50');
    expect(formatMoney('0.01', '$')).toBe('$0.01');
    expect(formatMoney(0, '¥')).toBe('0.00');
    expect(formatMoney('', '¥')).toBe('');
  });
});

describe('unformatMoney', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['1,234.00', '1234'],
    ['1,234.50', '1234.50'],
    ['0.00', '0'],
    ['1,000,000.00', '1000000'],
    ['100', '100'],
    ['1.001', '1.001'],
    ['1.00.00', '1.00'], // only one trailing '.00' goes
    [1234, '1234'],
  ])('%j → %j', (s, out) => {
    expect(unformatMoney(s)).toBe(out);
  });

  it('strips a leading prefix when given', () => {
    expect(unformatMoney('¥1,234.00', '¥')).toBe('1234');
    expect(unformatMoney('1,234.00¥', '¥')).toBe('1234.00¥');
  });
});

describe('formatMoney ∘ unformatMoney', () => {
  const amount = fc.oneof(
    fc.nat().map(String),
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 99 }))
      .map(([i, c]) => `${i}.${String(c).padStart(2, '0')}`),
    fc.double({ min: 0, max: 1e12, noNaN: true }),
  );

  it('is the identity on formatted amounts (with and without prefix)', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('', '¥', '$'), (a, prefix) => {
        const s = formatMoney(a, prefix);
        return formatMoney(unformatMoney(s, prefix), prefix) === s;
      }),
    );
  });

  it('gives back whole amounts and two-decimal amounts', () => {
    fc.assert(fc.property(fc.nat(), (n) => unformatMoney(formatMoney(n)) === String(n)));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 99 }), (i, c) => {
        const text = `${i}.${String(c).padStart(2, '0')}`;
        return unformatMoney(formatMoney(text)) === text;
      }),
    );
  });

  it('always yields "", "0.00" or a grouped two-decimal amount', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.double(), amount), (v) => /^(|0\.00|\d{1,3}(,\d{3})*\.\d{2})$/.test(formatMoney(v))));
  });
});
