import type { Paged } from '@oa/shared/contract/envelope';
import type { AddressDept, AddressMember, BusinessCard } from '@oa/shared/contract/people';
import { PLATFORM } from '@oa/shared/constants';
import { http, unwrap } from '../../lib/http-client';
import { getClientConfig } from '../../lib/client-config';

const P = '/api/auth/industry/common';
const orgCode = () => getClientConfig().orgCode;

export const addressBookApi = {
  /** Departments with how many members match, no members (the drawer's first screen); a non-zero code answers
   * null (spec §8: nothing happens, no message). */
  brief: async (keyword: string): Promise<AddressDept[] | null> => {
    const env = await http.get<AddressDept[]>(
      `${P}/addressBookList`,
      { keyword, orgCode: orgCode(), platformCode: PLATFORM.OA, brief: 'Y' },
      { quiet: true },
    );
    return env.code === 0 ? env.data : null;
  },
  /** One page of a department's matching members. */
  members: async (deptCode: string, keyword: string, pageNumber: number, pageSize: number): Promise<Paged<AddressMember>> =>
    unwrap(
      await http.get<Paged<AddressMember>>(`${P}/addressBookMembers`, {
        deptCode,
        keyword,
        platformCode: PLATFORM.OA,
        pageNumber,
        pageSize,
      }),
    ),
  card: async (userCode: string): Promise<BusinessCard> =>
    unwrap(await http.get<BusinessCard>(`${P}/myBusinessCard`, { userCode, platformCode: PLATFORM.OA, orgCode: orgCode() })),
  person: async (userCode: string): Promise<BusinessCard> => unwrap(await http.get<BusinessCard>(`${P}/addressBook`, { userCode })),
};
