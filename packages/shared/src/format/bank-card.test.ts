import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isMaskedBankCard, maskBankCard } from './bank-card';

describe('maskBankCard', () => {
  it('keeps the first and last four digits', () => {
    expect(maskBankCard('6222020200112345679')).toBe('6222 **** **** **** 5679');
    expect(maskBankCard('6222021234561234')).toBe('6222 **** **** 1234');
    expect(maskBankCard('6222 0212 3456 1234')).toBe('6222 **** **** 1234');
    expect(maskBankCard('12345678')).toBe('****5678');
    expect(maskBankCard(null)).toBeNull();
    expect(maskBankCard('')).toBe('');
  });

  it('never shows more than eight digits of any number, and is recognised as masked', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{9,30}$/), (n) => {
        const m = maskBankCard(n)!;
        expect(m.replace(/[^0-9]/g, '').length).toBe(8);
        expect(m.startsWith(n.slice(0, 4))).toBe(true);
        expect(m.endsWith(n.slice(-4))).toBe(true);
        expect(isMaskedBankCard(m)).toBe(true);
        expect(isMaskedBankCard(n)).toBe(false);
      }),
    );
  });
});
