import { BIN_BANKS, BIN_ROWS } from './bank-bins.data';
import { CARD_TYPE_NAMES, type BankCardInfo, type CardType } from './bank-card-types';
import { isEmptyValue } from './empty';

export { CARD_TYPE_NAMES, type BankCardInfo, type CardType } from './bank-card-types';

const CARD_NO = /^\d{15,19}$/;

/** Luhn (mod 10) check over a string of digits; false for anything that is not all digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Spec §5 bank card: optional, so null/undefined/'' pass. Otherwise 15–19 digits (no spaces)
 * that pass the Luhn check.
 */
export function isBankCard(v: string | null | undefined): boolean {
  if (isEmptyValue(v)) return true;
  return CARD_NO.test(v) && luhnValid(v);
}

interface Hit {
  row: number;
  bank: number;
  cardType: CardType;
}

/** key `${length}:${prefix}` → the first row (source order) that declares it. */
const INDEX = new Map<string, Hit>();
const PREFIX_LENGTHS = new Set<number>();
BIN_ROWS.forEach(([bank, cardType, length, prefixes], row) => {
  for (const prefix of prefixes.split(' ')) {
    const key = `${length}:${prefix}`;
    if (!INDEX.has(key)) INDEX.set(key, { row, bank, cardType });
    PREFIX_LENGTHS.add(prefix.length);
  }
});
const SORTED_PREFIX_LENGTHS = [...PREFIX_LENGTHS].sort((a, b) => a - b);

/**
 * Looks a card number up in the BIN table (see BANK_BINS.md). Returns the bank and card type, or
 * 'error' when the value is empty, not 15–19 digits, or no BIN of that length matches. When
 * several rows match, the first in table order wins. No Luhn check here: use isBankCard for that.
 */
export function bankCardInfo(cardNo: string | null | undefined): BankCardInfo | 'error' {
  if (isEmptyValue(cardNo) || !CARD_NO.test(cardNo)) return 'error';
  let best: Hit | undefined;
  for (const n of SORTED_PREFIX_LENGTHS) {
    const hit = INDEX.get(`${cardNo.length}:${cardNo.slice(0, n)}`);
    if (hit && (!best || hit.row < best.row)) best = hit;
  }
  if (!best) return 'error';
  const [bankCode, bankName] = BIN_BANKS[best.bank];
  return { bankName, bankCode, cardType: best.cardType, cardTypeName: CARD_TYPE_NAMES[best.cardType] };
}
