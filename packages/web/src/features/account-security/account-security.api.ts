import { ACCOUNT_SECURITY_API, type LoginLock, type OnlineSession } from '@oa/shared/contract/account-security';
import type { Paged } from '@oa/shared/contract/envelope';
import { http, unwrap } from '../../lib/http-client';

/** 账号与会话 (contract: @oa/shared/contract/account-security). */
export const accountSecurityApi = {
  locks: async () => unwrap(await http.get<LoginLock[]>(ACCOUNT_SECURITY_API.locks)),
  unlock: async (key: string) => unwrap(await http.post<null>(ACCOUNT_SECURITY_API.unlock, { key })),
  sessions: async (pageNumber: number, pageSize: number, userCode?: string) =>
    unwrap(
      await http.get<Paged<OnlineSession>>(ACCOUNT_SECURITY_API.sessions, { pageNumber, pageSize, ...(userCode ? { userCode } : {}) }),
    ),
  endSession: async (id: string) => unwrap(await http.post<null>(ACCOUNT_SECURITY_API.endSession, { id })),
  endUserSessions: async (userCode: string) =>
    unwrap(await http.post<{ count: number }>(ACCOUNT_SECURITY_API.endUserSessions, { userCode })),
};
