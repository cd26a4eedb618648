import { describe, expect, it } from 'vitest';
import { maskBankCard } from './bank-card-mask';

describe('maskBankCard', () => {
  it('keeps the first and last four digits', () => {
    expect(maskBankCard('6222020200112233445')).toBe('6222 **** **** 3445');
    expect(maskBankCard('6222 0202 0011 2233')).toBe('6222 **** **** 2233');
  });
  it('hides short numbers but their last four', () => {
    expect(maskBankCard('12345678')).toBe('****5678');
    expect(maskBankCard('123')).toBe('***');
  });
});
