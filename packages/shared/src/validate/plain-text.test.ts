import { describe, expect, it } from 'vitest';
import { hasUnsafeText } from './plain-text';

describe('hasUnsafeText', () => {
  it('refuses control characters, bidirectional controls and lone surrogates', () => {
    for (const s of ['a\u202eb', '\u2066x', 'a\u0000', '\u0007', 'x\ud800', '\udc00y', '\u0085']) expect(hasUnsafeText(s)).toBe(true);
  });
  it('passes Chinese, supplementary characters (a pair), tabs and line breaks', () => {
    for (const s of ['会员', '😀', '𠀀字', 'a\tb\nc\r', '']) expect(hasUnsafeText(s)).toBe(false);
  });
});
