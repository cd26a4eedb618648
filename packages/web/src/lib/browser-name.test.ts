import { describe, expect, it } from 'vitest';
import { browserName } from './browser-name';

describe('browserName', () => {
  it('names common browsers with their major version', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.1.2 Safari/537.36')).toBe(
      'Chrome 156',
    );
    expect(browserName('Mozilla/5.0 AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0.1')).toBe('Edge 120');
    expect(browserName('Mozilla/5.0 (X11; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128');
    expect(browserName('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15')).toBe('Safari 17');
    expect(browserName('curl/8')).toBe('Unknown 0');
  });
});
