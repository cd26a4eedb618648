import { describe, expect, it } from 'vitest';
import { splitStylesheet } from './css-split';

describe('splitStylesheet', () => {
  const css =
    '.a{color:red}@media (max-width:600px){.b{margin:0}.c{padding:0}}' +
    '.d::after{content:"}{"}@keyframes k{0%{opacity:0}to{opacity:1}}' +
    ".e{content:'\\'}'}/* } */.f{top:0}";

  it('cuts only between top-level rules, the pieces in order giving the whole', () => {
    const parts = splitStylesheet(css, 3);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(css);
    for (const part of parts) {
      // every piece is whole rules: it opens with a selector or an at-rule and ends a block
      expect(part).toMatch(/^[.@/]/);
      expect(part.endsWith('}')).toBe(true);
    }
    expect(parts.some((p) => p.includes('@media (max-width:600px){.b{margin:0}.c{padding:0}}'))).toBe(true);
  });

  it('keeps braces inside strings and comments, and a block never split', () => {
    const parts = splitStylesheet(css, 100);
    expect(parts).toEqual([
      '.a{color:red}',
      '@media (max-width:600px){.b{margin:0}.c{padding:0}}',
      '.d::after{content:"}{"}',
      '@keyframes k{0%{opacity:0}to{opacity:1}}',
      ".e{content:'\\'}'}",
      '/* } */.f{top:0}',
    ]);
  });

  it('refuses a stylesheet that does not close its blocks', () => {
    expect(() => splitStylesheet('.a{color:red', 2)).toThrow(/Unclosed block/);
  });
});
