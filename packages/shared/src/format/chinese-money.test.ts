import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHINESE_MONEY_PREFIX, toChineseMoney } from './chinese-money';

const body = (v: Parameters<typeof toChineseMoney>[0]): string => toChineseMoney(v, { prefix: false });

describe('toChineseMoney', () => {
  it.each([
    [0, '零元整'],
    ['0.0000', '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [11, '壹拾壹元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1010.05, '壹仟零壹拾元零伍分'],
    [1010.5, '壹仟零壹拾元伍角'],
    [1000.05, '壹仟元零伍分'],
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [100000, '壹拾万元整'],
    [101000, '壹拾万壹仟元整'],
    [1000100, '壹佰万零壹佰元整'],
    [10000000, '壹仟万元整'],
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [100010000, '壹亿零壹万元整'],
    [110000001, '壹亿壹仟万零壹元整'],
    [1000000000000, '壹万亿元整'],
    [1200000000000, '壹万贰仟亿元整'],
    [100000000000000, '壹佰万亿元整'],
    [123456789012345, '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元整'],
    [Number('999999999999999.9999'), ''], // as a double this is 1e15
    ['999999999999999.9999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖毫玖厘'],
    ['999999999999999.99995', ''], // rounds to 1e15
    [1e15, ''],
    ['1000000000000000', ''],
    [0.05, '伍分'],
    [0.5, '伍角'],
    ['0.5005', '伍角零伍厘'],
    [1.0005, '壹元零伍厘'],
    ['1.2345', '壹元贰角叁分肆毫伍厘'],
    ['1.23456', '壹元贰角叁分肆毫陆厘'], // rounded at the 4th decimal
    ['0.00004', '零元整'],
    ['0.00005', '壹厘'],
    [0.1 + 0.2, '叁角'],
    ['1.10', '壹元壹角'],
    // empty cases
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['.', ''],
    ['abc', ''],
    [-1, ''],
    ['-0.5', ''],
    ['+1', ''],
    [Number.NaN, ''],
  ])('%j → %j', (v, out) => {
    expect(body(v)).toBe(out);
  });

  it('includes the 人民币 prefix by default, except on empty results', () => {
    expect(CHINESE_MONEY_PREFIX).toBe('人民币');
    expect(toChineseMoney(100000001)).toBe('人民币壹亿零壹元整');
    expect(toChineseMoney(0)).toBe('人民币零元整');
    expect(toChineseMoney(1010.05, { prefix: true })).toBe('人民币壹仟零壹拾元零伍分');
    expect(toChineseMoney(1e15)).toBe('');
    expect(toChineseMoney('')).toBe('');
  });

  const amount = fc.oneof(
    fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }).map(String),
    fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.stringMatching(/^\d{1,4}$/)).map(([i, f]) => `${i}.${f}`),
    // amounts full of zeros are where 零 handling goes wrong
    fc
      .array(fc.constantFrom('0', '0', '0', '1', '5'), { minLength: 1, maxLength: 15 })
      .chain((digits) => fc.array(fc.constantFrom('0', '0', '3'), { maxLength: 4 }).map((f) => `${digits.join('')}.${f.join('')}0`)),
  );

  it('never holds 零零, never ends in 零, ends in 整 only without decimals', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const s = body(a);
        const noDecimals = /^\d+(\.0*)?$/.test(a);
        return (
          s !== '' && !s.includes('零零') && !s.endsWith('零') && s.endsWith('整') === noDecimals && (s === '零元整' || !s.startsWith('零'))
        );
      }),
    );
  });

  it('round-trips through a reference reader of the capitals', () => {
    const digit: Record<string, bigint> = { 零: 0n, 壹: 1n, 贰: 2n, 叁: 3n, 肆: 4n, 伍: 5n, 陆: 6n, 柒: 7n, 捌: 8n, 玖: 9n };
    const small: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n, 元: 1n };
    const frac: Record<string, bigint> = { 角: 1000n, 分: 100n, 毫: 10n, 厘: 1n };
    /** The amount in 厘 (1/10000). */
    const read = (s: string): bigint => {
      let total = 0n; // completed 亿 part
      let wan = 0n; // completed 万 part below 亿
      let group = 0n;
      let d = 0n;
      let decimals = 0n;
      for (const ch of s.replace(/整$/, '')) {
        if (ch in digit) d = digit[ch];
        else if (ch in small) {
          group += ch === '元' ? d : d * small[ch];
          d = 0n;
        } else if (ch === '万') {
          wan += (group + d) * 10000n;
          group = 0n;
          d = 0n;
        } else if (ch === '亿') {
          total = (total + wan + group + d) * 100000000n;
          wan = 0n;
          group = 0n;
          d = 0n;
        } else if (ch in frac) {
          decimals += d * frac[ch];
          d = 0n;
        }
      }
      return (total + wan + group) * 10000n + decimals;
    };
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 9999 }),
        (i, f) => read(body(`${i}.${String(f).padStart(4, '0')}`)) === i * 10000n + BigInt(f),
      ),
    );
  });
});
