import {
  MEMBER_UNIT_API,
  type ContactSaveBody,
  type MemberUnitRow,
  type UnitContactRow,
  type UnitSaveBody,
} from '@oa/shared/contract/member-units';
import { http, unwrap } from '../../lib/http-client';

type Flag = 'Y' | 'N';
type OneTime = { userCode: string; password: string | null };

/** 成员单位 (issue 37): the register of member units and their contacts. */
export const memberUnitsApi = {
  list: async () => unwrap(await http.get<MemberUnitRow[]>(MEMBER_UNIT_API.list)),
  save: async (b: UnitSaveBody) => unwrap(await http.post<{ id: string }>(MEMBER_UNIT_API.save, b)),
  status: async (id: string, enabled: Flag) => unwrap(await http.post<{ contacts: number }>(MEMBER_UNIT_API.status, { id, enabled })),
  contacts: async (unitId: string) => unwrap(await http.get<UnitContactRow[]>(MEMBER_UNIT_API.contacts, { unitId })),
  saveContact: async (b: ContactSaveBody) => unwrap(await http.post<OneTime>(MEMBER_UNIT_API.contactSave, b)),
  contactStatus: async (userCode: string, enabled: Flag) =>
    unwrap(await http.post<{ revoked: number }>(MEMBER_UNIT_API.contactStatus, { userCode, enabled })),
  resetPassword: async (userCode: string) => unwrap(await http.post<OneTime>(MEMBER_UNIT_API.contactReset, { userCode })),
};
