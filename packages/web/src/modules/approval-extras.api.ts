import type { Paged } from '@oa/shared/contract/envelope';
import {
  APPROVAL_API, type LeaveBalance, type PassportBookBody, type PassportBookItem, type PublishedBriefing, type RewardRate, type RewardRateBody,
  type SuppliesItem, type SuppliesItemBody,
} from '@oa/shared/contract/approval-extras';
import type { TaskItem } from '@oa/shared/contract/workflow';
import { http, unwrap } from '../lib/http-client';

/** Side tables of the approval modules (issue 6) and the workflow to-do list of one module. */
const P = APPROVAL_API;

export const extrasApi = {
  rates: async () => unwrap(await http.get<RewardRate[]>(`${P}/reward-rates/list`)),
  rate: async (id: string) => unwrap(await http.get<RewardRate>(`${P}/reward-rates/get`, { id })),
  saveRate: async (b: RewardRateBody) => unwrap(await http.post<RewardRate>(`${P}/reward-rates/save`, b)),
  removeRate: async (id: string) => unwrap(await http.post<null>(`${P}/reward-rates/delete`, { id })),
  supplies: async (keyword?: string) => unwrap(await http.get<SuppliesItem[]>(`${P}/supplies/list`, { keyword })),
  saveSupply: async (b: SuppliesItemBody) => unwrap(await http.post<SuppliesItem>(`${P}/supplies/save`, b)),
  stockIn: async (id: string, quantity: number) => unwrap(await http.post<SuppliesItem>(`${P}/supplies/stock-in`, { id, quantity })),
  removeSupply: async (id: string) => unwrap(await http.post<null>(`${P}/supplies/delete`, { id })),
  passports: async () => unwrap(await http.get<PassportBookItem[]>(`${P}/passports/list`)),
  savePassport: async (b: PassportBookBody) => unwrap(await http.post<PassportBookItem>(`${P}/passports/save`, b)),
  removePassport: async (id: string) => unwrap(await http.post<null>(`${P}/passports/delete`, { id })),
  myLeave: async (year?: number) => unwrap(await http.get<LeaveBalance>(`${P}/leave/mine`, { year })),
  leaveBalances: async (year?: number, keyword?: string) => unwrap(await http.get<LeaveBalance[]>(`${P}/leave/balances`, { year, keyword })),
  briefings: async (q: { pageNumber: number; pageSize: number; keyword?: string; category?: string }) =>
    unwrap(await http.get<Paged<PublishedBriefing>>(`${P}/briefings/list`, q)),
  briefing: async (id: string) => unwrap(await http.get<PublishedBriefing>(`${P}/briefings/get`, { id })),
  /** my open workflow tasks of one module (the sign-off desk, department approvals) */
  todo: async (moduleCode: string, pageSize = 100) => unwrap(await http.get<Paged<TaskItem>>('/api/auth/oa/process/todo', { moduleCode, pageNumber: 1, pageSize })),
};
