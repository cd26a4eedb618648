import { describe, expect, it } from 'vitest';
import { SessionCache, type GuardEntry } from './session-cache';

const entry = (version: number, loadedAt: number, tokenExpiresAt = Infinity): GuardEntry => ({
  version,
  loadedAt,
  tokenExpiresAt,
  session: {
    id: 's1',
    user_code: 'staff',
    kind: 'web',
    device_id: null,
    ip: null,
    user_agent: null,
    created_at: '2026-01-01T00:00:00.000Z',
    last_seen_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-02T00:00:00.000Z',
    revoked_at: null,
    revoke_reason: null,
  },
  user: {
    userCode: 'staff',
    userName: '员工',
    mobile: null,
    sex: null,
    icon: null,
    email: null,
    deptCode: 'D01',
    deptName: '办公室',
    orgCode: 'ASSOC',
    orgName: '协会',
    position: null,
  },
  status: 'Y',
  password: { password_reset: 'N', password_changed_at: '2026-01-01T00:00:00.000Z' },
  roles: [],
  roleCodes: ['default'],
  isAdmin: false,
  platforms: ['1'],
});

describe('the session guard cache', () => {
  it('serves an entry only at the version it was read under, and drops it otherwise', () => {
    const c = new SessionCache(10_000);
    c.set('tok', entry(7, 1_000));
    expect(c.get('tok', 7, 2_000)?.version).toBe(7);
    expect(c.get('tok', 8, 2_000)).toBeNull();
    expect(c.get('tok', 7, 2_000)).toBeNull(); // dropped, not revived when the counter reads 7 again
  });

  it('serves an entry for at most its time to live, and never past the token expiry', () => {
    const c = new SessionCache(10_000);
    c.set('a', entry(1, 1_000));
    expect(c.get('a', 1, 10_999)).not.toBeNull();
    expect(c.get('a', 1, 11_000)).toBeNull();
    c.set('b', entry(1, 1_000, 5_000));
    expect(c.get('b', 1, 4_999)).not.toBeNull();
    expect(c.get('b', 1, 5_000)).toBeNull();
  });

  it('a NaN counter (no counter row) never serves', () => {
    const c = new SessionCache(10_000);
    c.set('tok', entry(Number.NaN, 1_000));
    expect(c.get('tok', Number.NaN, 1_500)).toBeNull();
  });

  it('records the touch of a session without changing what callers already hold', () => {
    const c = new SessionCache(10_000);
    const e = entry(1, 1_000);
    const before = e.session;
    c.set('tok', e);
    c.touched('tok', '2026-01-01T00:05:00.000Z');
    expect(c.get('tok', 1, 1_500)?.session.last_seen_at).toBe('2026-01-01T00:05:00.000Z');
    expect(before.last_seen_at).toBe('2026-01-01T00:00:00.000Z');
  });
});
