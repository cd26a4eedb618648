import { http } from '../../lib/http-client';

/** Source tag of the SMS code request for a password reset. */
const SMS_SOURCE = 'oa-reset';

export interface ImageCaptcha {
  captchaKey: string;
  /** data: URL of an SVG image */
  image: string;
}

/** The image captcha an anonymous SMS send must solve (the typed answer travels as imageCaptcha). */
export interface SolvedCaptcha {
  captchaKey: string;
  imageCaptcha: string;
}

export const passwordApi = {
  /** both passwords sm3² */
  change: (body: { userCode: string; oldPassword: string; password: string }) =>
    http.put<null>('/api/auth/base/system/changePassword', body, { quiet: true }),
  /** password sm3², captcha = the SMS code; `anonymous`: from the login page, without a session */
  reset: (body: { userCode?: string; mobile: string; password: string; captcha: string }, anonymous = false) =>
    http.put<null>(anonymous ? '/api/base/system/resetPassword' : '/api/auth/base/system/resetPassword', body, { quiet: true }),
  /** signed in: to one's own number; anonymous: only with a solved image captcha */
  sendSms: (mobile: string, solved?: SolvedCaptcha) =>
    solved
      ? http.get<null>('/api/base/system/sms/verification', { mobile, source: SMS_SOURCE, ...solved }, { quiet: true })
      : http.get<null>('/api/auth/base/system/sms/verification', { mobile, source: SMS_SOURCE }, { quiet: true }),
  imageCaptcha: () => http.post<ImageCaptcha & { required: boolean }>('/api/base/system/captcha/getCaptcha', {}, { quiet: true }),
};
