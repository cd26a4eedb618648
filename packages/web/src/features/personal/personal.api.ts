import type { MySession, PersonalCenter, PersonalCenterUpdate } from '@oa/shared/contract/people';
import { FILE_API } from '@oa/shared/contract/files-api';
import type { UploadedFile } from '@oa/shared/contract/files';
import { PLATFORM } from '@oa/shared/constants';
import { http, unwrap } from '../../lib/http-client';
import { getClientConfig } from '../../lib/client-config';
import { uploadFile } from '../../lib/files-transfer';

const PC = '/api/auth/industry/common/myPersonalCenter';
/** Source tag of the SMS code for changing the mobile number (the server derives purpose 'mobile'). */
const SMS_SOURCE_MOBILE = 'oa-mobile';

export const personalApi = {
  get: async (userCode: string): Promise<PersonalCenter> =>
    unwrap(await http.get<PersonalCenter>(PC, { userCode, platformCode: PLATFORM.OA, orgCode: getClientConfig().orgCode })),
  /** answers the envelope: the caller shows a refusal's message */
  update: (body: PersonalCenterUpdate) => http.put<{ mobileChanged: boolean }>(PC, body, { quiet: true }),
  uploadIcon: (png: Blob, onProgress?: (p: number) => void): Promise<UploadedFile> =>
    uploadFile(FILE_API.iconUpload, png, 'avatar.png', { onProgress }),
  setMyPic: async (icon: string) => unwrap(await http.put<{ icon: string }>('/api/auth/base/userinfo/setMyPic', { icon })),
  sendSms: (mobile: string) =>
    http.get<null>('/api/auth/base/system/sms/verification', { mobile, source: SMS_SOURCE_MOBILE }, { quiet: true }),
  sessions: async (): Promise<MySession[]> => unwrap(await http.get<MySession[]>('/api/auth/oa/personal/sessions')),
  signOutElsewhere: async (id?: string) =>
    unwrap(await http.post<{ count: number }>('/api/auth/oa/personal/signOutElsewhere', id ? { id } : {})),
};
