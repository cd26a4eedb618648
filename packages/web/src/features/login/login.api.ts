import type { LoginBody, LoginResult } from '@oa/shared/contract/auth';
import { http } from '../../lib/http-client';

export interface CaptchaResult {
  captchaKey: string;
  /** data: URL of an SVG image */
  image: string;
  required: boolean;
}

export const loginApi = {
  login: (body: LoginBody) => http.post<LoginResult>('/api/base/browserLogin', body),
  captcha: (username?: string) => http.post<CaptchaResult>('/api/base/system/captcha/getCaptcha', username ? { username } : {}),
};
