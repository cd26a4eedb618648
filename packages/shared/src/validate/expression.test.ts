import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidExpression } from './expression';

describe('isValidExpression', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['   ', false],
    ['1', true],
    ['(1)', true],
    ['((1))', true],
    ['1+2', true],
    ['1 + 2 * 3', true],
    ['1.5*(2-3)/4', true],
    ['(1+2)*(3-4)', true],
    ['((1+2)*3)-4', true],
    ['1+', false], // ends with an operator
    ['+1', false], // starts with an operator (no unary)
    ['-1', false],
    ['1++2', false],
    ['1 2', false], // two numbers in a row
    ['1+2 3', false],
    ['()', false],
    ['(1+2', false],
    ['1+2)', false],
    [')1(', false],
    ['(1)(2)', false],
    ['1(2)', false],
    ['(1+)2', false],
    ['1.', false],
    ['.5', false],
    ['1+a', false],
    ['1 % 2', false],
  ])('%j → %s', (v, ok) => {
    expect(isValidExpression(v)).toBe(ok);
  });

  const num = fc.oneof(fc.nat({ max: 9999 }).map(String), fc.stringMatching(/^\d{1,3}\.\d{1,2}$/));
  const op = fc.constantFrom('+', '-', '*', '/');
  const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      num,
      fc.tuple(tie('e'), op, tie('e')).map(([a, o, b]) => `${a} ${o} ${b}`),
      tie('e').map((e) => `(${e})`),
    ),
  })).e;

  it('accepts every generated well-formed expression', () => {
    fc.assert(fc.property(expr, (e) => isValidExpression(e)));
  });

  it('rejects a well-formed expression with a trailing operator or an extra parenthesis', () => {
    fc.assert(fc.property(expr, op, (e, o) => !isValidExpression(`${e}${o}`)));
    fc.assert(fc.property(expr, (e) => !isValidExpression(`(${e}`) && !isValidExpression(`${e})`)));
  });
});
