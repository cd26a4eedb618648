import { APPROVAL_API, type PassportBookBody, type PassportBookItem } from '@oa/shared/contract/approval-modules';
import { http, unwrap } from '../../lib/http-client';

/** The passport custody register (server: modules/oa_passport/passport.routes.ts). */
const P = `${APPROVAL_API}/passports`;

export const passportApi = {
  passports: async () => unwrap(await http.get<PassportBookItem[]>(`${P}/list`)),
  savePassport: async (b: PassportBookBody) => unwrap(await http.post<PassportBookItem>(`${P}/save`, b)),
  removePassport: async (id: string) => unwrap(await http.post<null>(`${P}/delete`, { id })),
};
