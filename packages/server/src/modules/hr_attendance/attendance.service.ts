import type { AttendanceSheet, AttendanceSheetRow } from '@oa/shared/contract/registers';
import { workingDays } from '@oa/shared/modules/approval-kit';
import { moduleByCode } from '@oa/shared/modules/registry';
import { registerByCode } from '@oa/shared/modules/registers';
import type { AppContext } from '../../core/context';
import type { EngineActor } from '../../core/ports/register-port';
import { forbidden } from '../../lib/errors';

/**
 * The monthly attendance sheet (/Attendance): one row per active person (of a department), the
 * attendance register's figures for the month, and the working days of approved leave in that month
 * by leave type — read from the leave module's approved records in business_record.
 */

const LEAVE_MODULE = 'oa_leave';
type NumField = 'workDays' | 'actualDays' | 'lateTimes' | 'earlyTimes' | 'absentDays' | 'businessTripDays' | 'overtimeHours';

function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** Leave fields of the leave module, found by kind (the first select is the type, the first date range the period). */
function leaveFields(): { type: string | null; range: string | null; types: string[] } {
  const m = moduleByCode(LEAVE_MODULE);
  if (!m) return { type: null, range: null, types: [] };
  const entries = Object.entries(m.fields);
  const type = entries.find(([, f]) => f.kind === 'select');
  const range = entries.find(([, f]) => f.kind === 'daterange');
  return {
    type: type?.[0] ?? null,
    range: range?.[0] ?? null,
    types: type && type[1].kind === 'select' ? type[1].options.map((o) => o.label) : [],
  };
}

export async function attendanceSheet(
  ctx: AppContext,
  actor: EngineActor,
  month: string,
  dept: string | undefined,
): Promise<AttendanceSheet> {
  const reg = registerByCode('hr_attendance')!;
  if (!actor.isAdmin && !(await actor.can(reg.permissions.read))) throw forbidden(`没有访问权限（需要功能权限：${reg.permissions.read}）`);
  const [start, end] = monthBounds(month);
  const users = await ctx.registers.activeUsers(ctx.db, dept);
  const codes = users.map((u) => u.user_code);
  const records = new Map<string, { id: string; data: Record<string, unknown> }>();
  for (const r of await ctx.registers.rows(ctx.db, 'hr_attendance')) {
    const d = r.data;
    if (d.month === month && typeof d.person === 'string') records.set(d.person, { id: r.id, data: d });
  }
  const lf = leaveFields();
  const leave = new Map<string, Record<string, number>>();
  if (lf.range) {
    for (const r of await ctx.registers.rows(ctx.db, LEAVE_MODULE, { status: 'approved', applicants: codes })) {
      const d = r.data;
      const range = d[lf.range];
      if (!Array.isArray(range) || typeof range[0] !== 'string' || typeof range[1] !== 'string') continue;
      if (range[1] < start || range[0] > end) continue;
      const days = workingDays([range[0] < start ? start : range[0], range[1] > end ? end : range[1]]) ?? 0;
      if (days <= 0) continue;
      const type = lf.type && typeof d[lf.type] === 'string' ? String(d[lf.type]) : '请假';
      const mine = leave.get(r.applicant) ?? {};
      mine[type] = (mine[type] ?? 0) + days;
      leave.set(r.applicant, mine);
    }
  }
  const rows: AttendanceSheetRow[] = users.map((u) => {
    const rec = records.get(u.user_code);
    const l = leave.get(u.user_code) ?? {};
    const num = (k: NumField) => (rec && typeof rec.data[k] === 'number' ? (rec.data[k] as number) : null);
    return {
      userCode: u.user_code,
      userName: u.user_name,
      deptName: u.dept_name ?? null,
      recordId: rec?.id ?? null,
      workDays: num('workDays'),
      actualDays: num('actualDays'),
      lateTimes: num('lateTimes'),
      earlyTimes: num('earlyTimes'),
      absentDays: num('absentDays'),
      businessTripDays: num('businessTripDays'),
      overtimeHours: num('overtimeHours'),
      leave: l,
      leaveDays: Object.values(l).reduce((s, x) => s + x, 0),
    };
  });
  const used = new Set(rows.flatMap((r) => Object.keys(r.leave)));
  const leaveTypes = [...lf.types.filter((t) => used.has(t)), ...[...used].filter((t) => !lf.types.includes(t))];
  return { month, workingDays: workingDays([start, end]) ?? 0, leaveTypes, rows };
}
