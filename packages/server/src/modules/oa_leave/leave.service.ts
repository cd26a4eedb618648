import { chinaYear } from '@oa/shared/format/china-time';
import type { LeaveBalance } from '@oa/shared/contract/approval-modules';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { annualLeaveOf, annualLeaveOfMany } from './annual-leave';
import * as repo from './leave.repository';

/** 年休假 (/Leave, /LeaveManage): one person's balance and everyone's. */
export async function myLeave(db: Db, userCode: string, year = chinaYear()): Promise<LeaveBalance> {
  const u = await repo.findUserBrief(db, userCode);
  if (!u) throw notFound();
  return {
    userCode,
    userName: u.user_name,
    deptName: u.dept_name,
    entryDate: u.entry_date,
    year,
    ...(await annualLeaveOf(db, userCode, year)),
  };
}
export async function allLeave(db: Db, year = chinaYear(), keyword?: string): Promise<LeaveBalance[]> {
  const users = await repo.activeUsers(db, keyword);
  const map = await annualLeaveOfMany(
    db,
    users.map((u) => ({ userCode: u.user_code, entryDate: u.entry_date })),
    year,
  );
  return users.map((u) => ({
    userCode: u.user_code,
    userName: u.user_name,
    deptName: u.dept_name,
    entryDate: u.entry_date,
    year,
    ...map.get(u.user_code)!,
  }));
}
