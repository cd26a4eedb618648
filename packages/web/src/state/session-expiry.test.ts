import { describe, expect, it } from 'vitest';
import { tokenExpiry, warnInMs, WARN_BEFORE_MS } from './session-expiry';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('session expiry', () => {
  it('reads the token end from its exp claim', () => {
    expect(tokenExpiry(jwt({ sub: 'staff', exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });
  it('tells no end for a token without exp, a malformed one or none', () => {
    expect(tokenExpiry(jwt({ sub: 'staff' }))).toBeNull();
    expect(tokenExpiry('not-a-token')).toBeNull();
    expect(tokenExpiry('a.@@@.b')).toBeNull();
    expect(tokenExpiry(null)).toBeNull();
  });
  it('warns five minutes before the end, at once when that is past', () => {
    const end = 1_900_000_000_000;
    const token = jwt({ exp: end / 1000 });
    expect(warnInMs(token, end - WARN_BEFORE_MS - 60_000)).toBe(60_000);
    expect(warnInMs(token, end - 60_000)).toBe(0);
  });
});
