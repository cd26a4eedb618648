import { chinaClock } from '@oa/shared/format/china-time';
import type { MyStats } from '@oa/shared/contract/workflow';
import type { Db } from '../../db/database';
import { myHandledCounts, myInstanceCounts } from './my-stats.repository';

/** 'YYYY-MM' of the last `months` months in China Standard Time, oldest first. */
export function lastMonths(months: number, now = Date.now()): string[] {
  const cst = chinaClock(now);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(cst.getUTCFullYear(), cst.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** My applications by status, month and module, and the tasks I handled per month, over the last months. */
export async function myStats(db: Db, userCode: string, months: number): Promise<MyStats> {
  const keys = lastMonths(months);
  // one day of slack before the first month: timestamps are UTC, months are counted as stored
  const since = `${keys[0]}-01`;
  const [inst, handled] = await Promise.all([myInstanceCounts(db, userCode, since), myHandledCounts(db, userCode, since)]);
  const byStatus = new Map<string, number>();
  const byModule = new Map<string, number>();
  const applied = new Map<string, number>();
  for (const r of inst) {
    const n = Number(r.n);
    byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + n);
    byModule.set(r.module_code, (byModule.get(r.module_code) ?? 0) + n);
    applied.set(r.month, (applied.get(r.month) ?? 0) + n);
  }
  const handledBy = new Map(handled.map((r) => [r.month, Number(r.n)]));
  return {
    byStatus: [...byStatus].map(([status, count]) => ({ status: status as MyStats['byStatus'][number]['status'], count })),
    byMonth: keys.map((m) => ({ month: m, applied: applied.get(m) ?? 0, handled: handledBy.get(m) ?? 0 })),
    byModule: [...byModule]
      .map(([moduleCode, count]) => ({ moduleCode, count }))
      .sort((a, b) => b.count - a.count || a.moduleCode.localeCompare(b.moduleCode)),
  };
}
