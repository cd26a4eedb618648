import { describe, expect, it } from 'vitest';
import { telHref } from './phone-tel';

describe('tap-to-call addresses', () => {
  it('an office line or a mobile the viewer may see is dialled as written, without spaces or dashes', () => {
    expect(telHref('13812341234')).toBe('tel:13812341234');
    expect(telHref('010-6851 2345')).toBe('tel:01068512345');
    expect(telHref('+86 (10) 6851-2345')).toBe('tel:+861068512345');
    expect(telHref('010-68512345,806')).toBe('tel:01068512345,806');
  });

  it('a mobile masked by the server, no number or no digits cannot be dialled', () => {
    expect(telHref('138****1234')).toBeNull();
    expect(telHref('****')).toBeNull();
    for (const n of [null, undefined, '', '  ', '—', '暂无']) expect(telHref(n), String(n)).toBeNull();
  });
});
