import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from './messages';
import { isPassword, passwordProblem } from './password';

const EMPTY = '请输入密码！';
const RULE = '密码由8-16位，大写字母，小写字母，数字，特殊字符组合！';

describe('passwordProblem', () => {
  it('uses the spec messages verbatim', () => {
    expect(MESSAGES.passwordEmpty).toBe(EMPTY);
    expect(MESSAGES.passwordRule).toBe(RULE);
  });

  it.each([
    [null, EMPTY],
    [undefined, EMPTY],
    ['', EMPTY],
    [' ', RULE],
    ['Oa@12345', null], // exactly 8
    ['Oa@1234', RULE], // 7
    ['Oa@1234567890123', null], // exactly 16
    ['Oa@12345678901234', RULE], // 17
    ['oa@12345', RULE], // no upper
    ['OA@12345', RULE], // no lower
    ['Oa@bcdefg', RULE], // no digit
    ['Oab123456', RULE], // no special
    ['Oa_12345', null], // underscore is special
    ['Oa~12345', null],
    ['Oa 12345', RULE], // a space is not allowed
    ['Oa@1234５', RULE], // full-width digit
    ['Oa@1234密', RULE], // non-ASCII
    ['Aa1!Aa1!Aa1!Aa1!', null],
  ])('%j → %j', (v, msg) => {
    expect(passwordProblem(v)).toBe(msg);
    expect(isPassword(v)).toBe(msg === null);
  });

  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digit = fc.constantFrom(...'0123456789');
  const special = fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
  const any = fc.oneof(lower, upper, digit, special);

  it('accepts every 8–16 mix of the four classes', () => {
    fc.assert(
      fc.property(
        lower,
        upper,
        digit,
        special,
        fc.array(any, { minLength: 4, maxLength: 12 }),
        (a, b, c, d, rest) => passwordProblem([a, b, c, d, ...rest].join('')) === null,
      ),
    );
  });

  it('rejects anything without a digit or outside 8–16', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), (s) => passwordProblem(s.replace(/\d/g, '') || 'x') === RULE));
    fc.assert(fc.property(fc.array(any, { minLength: 17, maxLength: 40 }), (cs) => passwordProblem(cs.join('')) === RULE));
  });
});
