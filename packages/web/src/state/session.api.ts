import type { FunctionItem, LoginBody, LoginResult, UserInfo } from '@oa/shared/contract/auth';
import { http } from '../lib/http-client';

export const sessionApi = {
  login: (body: LoginBody) => http.post<LoginResult>('/api/base/browserLogin', body),
  userInfo: (quiet = false) => http.get<UserInfo>('/api/auth/base/system/userinfo/get', undefined, { quiet }),
  logout: () => http.get<null>('/api/auth/base/logout', undefined, { quiet: true }),
  /** a session opened by single sign-on: the provider's logout address, asked before the session ends */
  ssoLogoutUrl: () => http.get<{ logoutUrl: string | null }>('/api/auth/oa/sso/logoutUrl', undefined, { quiet: true }),
  passwordStatus: () => http.get<unknown>('/api/auth/base/system/password/status', undefined, { quiet: true }),
  v1Token: () => http.get<unknown>('/api/auth/base/system/v1/token', undefined, { quiet: true }),
  /** the visible menu of the user's roles */
  menu: (quiet = false) =>
    http.get<FunctionItem[]>('/api/auth/industry/common/roleFunListByUserCode', { isHidden: 'N', target: 0 }, { quiet }),
  /** every granted function, hidden included (for routing) */
  functions: (quiet = false) => http.get<FunctionItem[]>('/api/auth/base/system/user/funList', undefined, { quiet }),
};
