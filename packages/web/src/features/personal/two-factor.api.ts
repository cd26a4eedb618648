import type { EnrolStart, TwoFactorStatus } from '@oa/shared/contract/two-factor';
import { http, unwrap } from '../../lib/http-client';

const T = '/api/auth/oa/twoFactor';

/** 个人中心 · 双因素认证: answers the envelope where the caller shows a refusal beside the field. */
export const twoFactorApi = {
  status: async (): Promise<TwoFactorStatus> => unwrap(await http.get<TwoFactorStatus>(`${T}/status`)),
  enrol: async (): Promise<EnrolStart> => unwrap(await http.post<EnrolStart>(`${T}/enrol`, {})),
  confirm: (code: string) => http.post<{ recoveryCodes: string[] }>(`${T}/confirm`, { code }, { quiet: true }),
  regenerate: (proof: { code?: string; password?: string }) =>
    http.post<{ recoveryCodes: string[] }>(`${T}/recovery`, proof, { quiet: true }),
  disable: (proof: { code?: string; password?: string }) => http.post<null>(`${T}/disable`, proof, { quiet: true }),
};
