import type { LoginBody, LoginResult, LoginState } from '@oa/shared/contract/auth';
import type { SsoExchangeResult } from '@oa/shared/contract/sso';
import { http } from '../../lib/http-client';

export interface CaptchaResult {
  captchaKey: string;
  /** data: URL of an SVG image */
  image: string;
  required: boolean;
}

export const loginApi = {
  login: (body: LoginBody) => http.post<LoginResult>('/api/base/browserLogin', body),
  /** before submit: does this name (known or not) need a captcha, is it locked */
  state: (username?: string) => http.post<LoginState>('/api/base/system/loginState', username ? { username } : {}, { quiet: true }),
  /** the SSO callback's one-time code (…/login?sso=) becomes a session */
  ssoExchange: (code: string) => http.post<SsoExchangeResult>('/api/base/sso/exchange', { code }),
  captcha: (username?: string) => http.post<CaptchaResult>('/api/base/system/captcha/getCaptcha', username ? { username } : {}),
};
