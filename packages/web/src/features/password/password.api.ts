import { http } from '../../lib/http-client';

/** Source tag of the SMS code request for a password reset. */
export const SMS_SOURCE = 'oa-reset';

export const passwordApi = {
  /** both passwords sm3² */
  change: (body: { userCode: string; oldPassword: string; password: string }) =>
    http.put<null>('/api/auth/base/system/changePassword', body, { quiet: true }),
  /** password sm3², captcha = the SMS code */
  reset: (body: { userCode: string; mobile: string; password: string; captcha: string }) =>
    http.put<null>('/api/auth/base/system/resetPassword', body, { quiet: true }),
  sendSms: (mobile: string) => http.get<null>('/api/base/system/sms/verification', { mobile, source: SMS_SOURCE }, { quiet: true }),
};
