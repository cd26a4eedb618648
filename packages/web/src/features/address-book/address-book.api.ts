import type { AddressDept, BusinessCard } from '@oa/shared/contract/people';
import { PLATFORM } from '@oa/shared/constants';
import { http, unwrap } from '../../lib/http-client';
import { getClientConfig } from '../../lib/client-config';

const P = '/api/auth/industry/common';
const orgCode = () => getClientConfig().orgCode;

export const addressBookApi = {
  /** Departments with members; a non-zero code answers an empty list (spec §8: nothing happens, no message). */
  list: async (keyword: string): Promise<AddressDept[] | null> => {
    const env = await http.get<AddressDept[]>(`${P}/addressBookList`, { keyword, orgCode: orgCode(), platformCode: PLATFORM.OA }, { quiet: true });
    return env.code === 0 ? env.data : null;
  },
  card: async (userCode: string): Promise<BusinessCard> =>
    unwrap(await http.get<BusinessCard>(`${P}/myBusinessCard`, { userCode, platformCode: PLATFORM.OA, orgCode: orgCode() })),
  person: async (userCode: string): Promise<BusinessCard> => unwrap(await http.get<BusinessCard>(`${P}/addressBook`, { userCode })),
};
