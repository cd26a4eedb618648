import { z } from 'zod';
import { loginResult } from './auth';

/** The one-time code the SSO callback hands to the login page, exchanged for a session. */
export const ssoExchangeBody = z.object({
  code: z.string({ message: '缺少单点登录凭据 code' }).regex(/^[A-Za-z0-9_-]{20,64}$/, { message: '单点登录凭据 code 不正确' }),
});
export const ssoExchangeResult = loginResult.extend({ redirect: z.string() });
export type SsoExchangeResult = z.infer<typeof ssoExchangeResult>;
