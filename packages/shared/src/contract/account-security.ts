import { z } from 'zod';
import { pageQuery, paged } from './envelope';

/** 账号与会话 (/accountSecurity, function sys_account_security, the security administrator's): login locks and sessions. */
export const ACCOUNT_SECURITY_API = {
  locks: '/api/auth/oa/accountSecurity/locks',
  unlock: '/api/auth/oa/accountSecurity/unlock',
  sessions: '/api/auth/oa/accountSecurity/sessions',
  endSession: '/api/auth/oa/accountSecurity/endSession',
  endUserSessions: '/api/auth/oa/accountSecurity/endUserSessions',
} as const;

export const loginLock = z.object({
  key: z.string(),
  /** 'account': a name as typed at login (account or mobile); 'ip': a client address */
  kind: z.enum(['account', 'ip']),
  name: z.string(),
  userCode: z.string().nullable(),
  userName: z.string().nullable(),
  failures: z.number().int(),
  since: z.string(),
  lockedUntil: z.string(),
});
export type LoginLock = z.infer<typeof loginLock>;

export const unlockBody = z.object({
  key: z.string({ message: '请指定要解锁的账号（key）' }).trim().min(1, { message: '请指定要解锁的账号（key）' }).max(200),
});

export const sessionQuery = pageQuery.extend({
  userCode: z.string().trim().max(64, { message: '账号过长（userCode）' }).optional(),
});

export const SESSION_KIND_LABELS: Readonly<Record<'web' | 'device' | 'sso', string>> = {
  web: '网页（口令）',
  device: '移动端',
  sso: '单点登录',
};

export const onlineSession = z.object({
  id: z.string(),
  userCode: z.string(),
  userName: z.string().nullable(),
  deptName: z.string().nullable(),
  kind: z.enum(['web', 'device', 'sso']),
  ip: z.string().nullable(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSession>;
export const onlineSessionPage = paged(onlineSession);

export const endSessionBody = z.object({
  id: z.string({ message: '请指定会话（id）' }).trim().min(1, { message: '请指定会话（id）' }).max(64),
});
export const endUserSessionsBody = z.object({
  userCode: z.string({ message: '请指定账号（userCode）' }).trim().min(1, { message: '请指定账号（userCode）' }).max(64),
});
