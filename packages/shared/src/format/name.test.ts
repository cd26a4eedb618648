import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FULL_WIDTH_SPACE, padName } from './name';

describe('padName', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['张', '张\u3000'],
    ['张三', '张\u3000三'],
    ['张三丰', '张三丰'],
    ['欧阳娜娜', '欧阳娜娜'],
    ['𠮷田', '𠮷\u3000田'], // a character outside the BMP counts once
    ['Al', 'A\u3000l'],
  ])('%j → %j', (v, out) => {
    expect(padName(v)).toBe(out);
  });

  it('pads names of 1–2 characters to one more, leaves longer ones alone', () => {
    expect(FULL_WIDTH_SPACE).toBe('\u3000');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 6 }), (name) => {
        const n = Array.from(name).length;
        const out = padName(name);
        return n >= 3 ? out === name : Array.from(out).length === n + 1 && Array.from(out)[1] === '\u3000';
      }),
    );
  });
});
