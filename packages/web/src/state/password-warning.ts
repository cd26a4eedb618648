import { PLATFORM } from '@oa/shared/constants';

/**
 * What a person is told when the server says his password must change (`/password/status`, its `reason`): an aged
 * password is "expired"; one an administrator set (a reset, a new account's one-time password) is named as such. A
 * member unit's contact is told nothing here: his area asks for the new password itself, before anything else
 * (app/unit-area.tsx).
 */
export function passwordWarning(platform: string | null | undefined, status: unknown): string | null {
  if (platform === PLATFORM.UNIT_CONTACT) return null;
  const reason = status && typeof status === 'object' ? (status as { reason?: unknown }).reason : undefined;
  return reason === 'reset' ? '您正在使用管理员设置的一次性密码，请立即修改密码' : '您的密码已过期，请立即修改密码';
}
