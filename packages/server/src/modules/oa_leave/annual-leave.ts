import { ANNUAL_LEAVE } from '@oa/shared/modules/leave.module';
import { annualLeaveEntitlement, yearsOfService } from '@oa/shared/modules/approval-kit';
import type { Db } from '../../db/database';
import { entryDateOf, leaveRecords } from './leave.repository';

/**
 * Annual leave of people in a year (issue 6, /Leave and /LeaveManage): entitlement by years of service
 * (5/10/15 days), annual leave approved and pending (in approval) that starts in the year, and what is left.
 * Shared by the leave hook (refusing leave beyond the balance) and the balances API.
 */
interface AnnualLeave {
  years: number;
  entitlement: number;
  used: number;
  pending: number;
  balance: number;
}

function tally(
  entryDate: string | null,
  year: number,
  recs: Array<{ id: string; status: string; data: string }>,
  exceptRecord?: string,
): AnnualLeave {
  const years = yearsOfService(entryDate, `${year}-01-01`);
  const entitlement = annualLeaveEntitlement(years);
  let used = 0;
  let pending = 0;
  for (const r of recs) {
    if (r.id === exceptRecord) continue;
    let d: Record<string, unknown>;
    try {
      d = JSON.parse(r.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    const range = Array.isArray(d.dateRange) ? d.dateRange : [];
    if (d.leaveType !== ANNUAL_LEAVE || typeof range[0] !== 'string' || !range[0].startsWith(String(year))) continue;
    const days = typeof d.days === 'number' ? d.days : 0;
    if (r.status === 'approved') used += days;
    else pending += days;
  }
  return { years, entitlement, used, pending, balance: Math.max(0, entitlement - used - pending) };
}

/** One person's annual leave in `year`, leaving out one record (the one being submitted). */
export async function annualLeaveOf(db: Db, userCode: string, year: number, exceptRecord?: string): Promise<AnnualLeave> {
  const user = await entryDateOf(db, userCode);
  return tally(user?.entry_date ?? null, year, await leaveRecords(db, [userCode]), exceptRecord);
}

/** Annual leave of many people in `year`. */
export async function annualLeaveOfMany(
  db: Db,
  users: ReadonlyArray<{ userCode: string; entryDate: string | null }>,
  year: number,
): Promise<Map<string, AnnualLeave>> {
  const out = new Map<string, AnnualLeave>();
  if (users.length === 0) return out;
  const recs = await leaveRecords(
    db,
    users.map((u) => u.userCode),
  );
  for (const u of users)
    out.set(
      u.userCode,
      tally(
        u.entryDate,
        year,
        recs.filter((r) => r.applicant === u.userCode),
      ),
    );
  return out;
}
