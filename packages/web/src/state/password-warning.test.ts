import { describe, expect, it } from 'vitest';
import { PLATFORM } from '@oa/shared/constants';
import { passwordWarning } from './password-warning';

describe('password warning', () => {
  it('names an aged password as expired and an administrator-set one as one-time', () => {
    expect(passwordWarning(PLATFORM.OA, { expired: true, reason: 'age' })).toBe('您的密码已过期，请立即修改密码');
    expect(passwordWarning(PLATFORM.OA, { expired: true, reason: 'reset' })).toBe('您正在使用管理员设置的一次性密码，请立即修改密码');
    expect(passwordWarning(PLATFORM.FOUNDATION, undefined)).toBe('您的密码已过期，请立即修改密码');
  });
  it("leaves a member unit's contact to his area's own password step", () => {
    expect(passwordWarning(PLATFORM.UNIT_CONTACT, { expired: true, reason: 'reset' })).toBeNull();
  });
});
