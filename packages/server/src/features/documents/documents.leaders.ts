import { ROLE } from '@oa/shared/constants';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { leaderUsers } from './documents.repository';

/** Leaders a receipt may be sent to for 批示: department leaders (role 001 or the one named on a department) and receipt leaders (012). */
export async function leaders(db: Db): Promise<Array<{ userCode: string; userName: string; deptCode: string | null }>> {
  const rows = await leaderUsers(db, [ROLE.DEPT_LEADER, ROLE.DEPT_RECEIPT_LEADER]);
  return rows.map((r) => ({ userCode: r.user_code, userName: r.user_name, deptCode: r.dept_code }));
}

/** 400 naming the field unless the chosen 批示领导 is one of the leaders. */
export async function checkLeader(db: Db, leader: string | null | undefined, field: string): Promise<void> {
  if (leader && !(await leaders(db)).some((l) => l.userCode === leader)) throw badRequest('批示领导应为部门负责人或协会领导', field);
}
