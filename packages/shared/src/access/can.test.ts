import { describe, expect, it } from 'vitest';
import { can } from './can';

describe('can', () => {
  it('lets administrators do everything', () => {
    expect(can({ isAdmin: true, permissions: [] }, 'sys_user')).toBe(true);
  });
  it('checks the granted codes of everyone else, as a list or a set', () => {
    expect(can({ isAdmin: false, permissions: ['oa_stamp', 'oa_stamp:read'] }, 'oa_stamp:read')).toBe(true);
    expect(can({ isAdmin: false, permissions: new Set(['oa_stamp']) }, 'oa_stamp')).toBe(true);
    expect(can({ isAdmin: false, permissions: new Set(['oa_stamp']) }, 'oa_stamp:manage')).toBe(false);
    expect(can({ isAdmin: false, permissions: [] }, 'sys_user')).toBe(false);
  });
});
