import { APPROVAL_API, type LeaveBalance } from '@oa/shared/contract/approval-modules';
import { http, unwrap } from '../../lib/http-client';

/** Annual-leave balances (server: modules/oa_leave/leave.routes.ts). */
const P = `${APPROVAL_API}/leave`;

export const leaveApi = {
  myLeave: async (year?: number) => unwrap(await http.get<LeaveBalance>(`${P}/mine`, { year })),
  leaveBalances: async (year?: number, keyword?: string) => unwrap(await http.get<LeaveBalance[]>(`${P}/balances`, { year, keyword })),
};
