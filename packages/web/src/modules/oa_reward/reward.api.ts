import { APPROVAL_API, type RewardRate, type RewardRateBody } from '@oa/shared/contract/approval-modules';
import { http, unwrap } from '../../lib/http-client';

/** The rate table of 劳务费 (server: modules/oa_reward/reward.routes.ts). */
const P = `${APPROVAL_API}/reward-rates`;

export const rewardApi = {
  rates: async () => unwrap(await http.get<RewardRate[]>(`${P}/list`)),
  rate: async (id: string) => unwrap(await http.get<RewardRate>(`${P}/get`, { id })),
  saveRate: async (b: RewardRateBody) => unwrap(await http.post<RewardRate>(`${P}/save`, b)),
  removeRate: async (id: string) => unwrap(await http.post<null>(`${P}/delete`, { id })),
};
