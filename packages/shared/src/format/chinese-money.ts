import { numberToPlain, isZeroPlain, parsePlain, roundPlain } from './decimal';
import type { MoneyInput } from './money';

export const CHINESE_MONEY_PREFIX = '人民币';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const IN_GROUP = ['', '拾', '佰', '仟'];
const FRACTION_UNITS = ['角', '分', '毫', '厘'];

export interface ChineseMoneyOptions {
  /** Prepend '人民币' (default true: the spec's capitals carry the RMB prefix). */
  prefix?: boolean;
}

/** Reads up to 4 digits (leading zeros skipped; inner zero runs → one 零; trailing zeros dropped). */
function readGroup(digits: string): string {
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < digits.length; i += 1) {
    const d = digits[i];
    const unit = IN_GROUP[digits.length - 1 - i];
    if (d === '0') {
      if (out !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += DIGITS[Number(d)] + unit;
  }
  return out;
}

/**
 * Reads an integer (no leading zeros, < 1e16) as [high]亿[low], each side as [high]万[low].
 * A 零 stands between two parts when the lower part is non-zero but shorter than its full width
 * (100000001 → 壹亿零壹; 100010000 → 壹亿零壹万). Above 亿 the 万 reads as 万亿 (1e12 → 壹万亿).
 */
function readInteger(digits: string, unit: string, width: number, inner: (s: string) => string): string {
  if (digits.length <= width) return inner(digits);
  const high = digits.slice(0, digits.length - width);
  const low = digits.slice(digits.length - width);
  let out = inner(high) + unit;
  if (/^0+$/.test(low)) return out;
  if (low[0] === '0') out += '零';
  return out + inner(low.replace(/^0+/, ''));
}

const readUnderYi = (d: string): string => readInteger(d, '万', 4, readGroup);
const readAll = (d: string): string => readInteger(d, '亿', 8, readUnderYi);

/**
 * Spec §5 Chinese capitals (大写金额) of a non-negative amount, e.g. 1010.05 → '人民币壹仟零壹拾元零伍分'.
 * - Up to 4 decimals (角分毫厘); more are rounded half-up at the 4th.
 * - '' for null/undefined/'', non-numeric text, negatives ('-'/'+'), and amounts ≥ 1e15
 *   (after rounding).
 * - '整' only when there is no decimal part; 0 → '零元整'.
 * - One 零 marks each run of skipped units, including across 万/亿 groups and between 元 and the
 *   first non-zero fraction digit (1010.05 → 壹仟零壹拾元零伍分, 0.05 → 伍分); the output never
 *   holds '零零' and never ends in '零'.
 * - With `{ prefix: false }` the '人民币' prefix is left out (default: included).
 */
export function toChineseMoney(v: MoneyInput, options: ChineseMoneyOptions = {}): string {
  if (v === null || v === undefined) return '';
  const raw = typeof v === 'number' ? numberToPlain(v) : v.trim();
  if (raw === null || raw.includes('-') || raw.includes('+')) return '';
  const parsed = parsePlain(raw);
  if (!parsed) return '';
  const { int, frac } = roundPlain(parsed, 4);
  if (int.length > 15) return '';
  const head = options.prefix === false ? '' : CHINESE_MONEY_PREFIX;
  if (isZeroPlain({ int, frac })) return `${head}零元整`;

  let out = int === '0' ? '' : `${readAll(int)}元`;
  const fracDigits = frac.replace(/0+$/, '');
  if (fracDigits === '') return `${head}${out}整`;
  let pendingZero = false;
  for (let i = 0; i < fracDigits.length; i += 1) {
    const d = fracDigits[i];
    if (d === '0') {
      if (out !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += DIGITS[Number(d)] + FRACTION_UNITS[i];
  }
  return head + out;
}
