import type { LoginBody, LoginResult, LoginState } from '@oa/shared/contract/auth';
import type { SsoExchangeResult } from '@oa/shared/contract/sso';
import type { EnrolStart, LoginChallenge, SecondStepBody } from '@oa/shared/contract/two-factor';
import { http } from '../../lib/http-client';

export interface CaptchaResult {
  captchaKey: string;
  /** data: URL of an SVG image */
  image: string;
  required: boolean;
}

export const loginApi = {
  /** a second step due answers SECOND_FACTOR_REQUIRED with its challenge */
  login: (body: LoginBody) => http.post<LoginResult | LoginChallenge>('/api/base/browserLogin', body),
  secondStep: (body: SecondStepBody) => http.post<LoginResult>('/api/base/login/secondStep', body),
  secondStepSms: (challenge: string) => http.post<null>('/api/base/login/secondStep/sms', { challenge }),
  enrolStart: (challenge: string) => http.post<EnrolStart>('/api/base/login/enrol', { challenge }),
  enrolConfirm: (challenge: string, code: string) =>
    http.post<LoginResult & { recoveryCodes: string[] }>('/api/base/login/enrol/confirm', { challenge, code }),
  /** before submit: does this name (known or not) need a captcha, is it locked */
  state: (username?: string) => http.post<LoginState>('/api/base/system/loginState', username ? { username } : {}, { quiet: true }),
  /** the SSO callback's one-time code (…/login?sso=) becomes a session; a second step due answers SECOND_FACTOR_REQUIRED */
  ssoExchange: (code: string) => http.post<SsoExchangeResult | LoginChallenge>('/api/base/sso/exchange', { code }),
  captcha: (username?: string) => http.post<CaptchaResult>('/api/base/system/captcha/getCaptcha', username ? { username } : {}),
};
