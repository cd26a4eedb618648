import { describe, expect, it } from 'vitest';
import { isExternal } from './external';

describe('isExternal', () => {
  it.each([
    [null, false],
    [undefined, false],
    ['', false],
    ['http://example.com', true],
    ['https://example.com/a?b=c', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['mailto:a@b.cn', true],
    ['tel:010-12345678', true],
    ['http:', true],
    ['/oa/home', false],
    ['home', false],
    ['ftp://example.com', false],
    ['//example.com', false],
    [' https://example.com', false],
    ['javascript:alert(1)', false],
    ['httpx://a', false],
  ])('%j → %s', (v, ok) => {
    expect(isExternal(v)).toBe(ok);
  });
});
