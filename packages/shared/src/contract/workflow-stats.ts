import { z } from 'zod';

/**
 * Time on every step (issue 38): `/oa/api/auth/oa/workflow/stats/<action>` (function sys_flow_stats).
 * Durations are milliseconds from a task's opening to its handling; median and p90 are read from the
 * aggregate's log-scale histogram (`@oa/shared/workflow/step-durations`).
 */
const month = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: `${label}格式应为 2026-05` });

export const stepStatsQuery = z
  .object({
    moduleCode: z
      .string({ message: '请选择流程 moduleCode' })
      .trim()
      .min(1, { message: '请选择流程 moduleCode' })
      .max(64, { message: '流程 moduleCode 无效' }),
    monthFrom: month('起始月份 monthFrom'),
    monthTo: month('截止月份 monthTo'),
    deptCode: z.string().trim().max(40, { message: '部门 deptCode 无效' }).optional(),
  })
  .refine((q) => q.monthFrom <= q.monthTo, { message: '起始月份不能晚于截止月份', path: ['monthFrom'] })
  .refine((q) => monthsBetween(q.monthFrom, q.monthTo) <= 36, { message: '月份范围不能超过 36 个月', path: ['monthTo'] });
export type StepStatsQuery = z.infer<typeof stepStatsQuery>;

/** How many months from `a` to `b` inclusive ('2026-01', '2026-03' → 3). */
export function monthsBetween(a: string, b: string): number {
  const n = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return n(b) - n(a) + 1;
}

const figures = {
  count: z.number().int(),
  medianMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
  avgMs: z.number().nullable(),
};

export const slowPerson = z.object({ userCode: z.string(), userName: z.string(), ...figures });
export type SlowPerson = z.infer<typeof slowPerson>;

export const stepFigures = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  ...figures,
  /** the step's 督办时限 in hours (the designer's setting), null when it has none */
  limitHours: z.number().nullable(),
  /** open tasks of the step past its limit now (capped at 10,000) */
  overdueNow: z.number().int(),
  /** the slowest people of the step (by median), at most five */
  slowest: z.array(slowPerson),
});
export type StepFigures = z.infer<typeof stepFigures>;

export const monthFigures = z.object({ month: z.string(), ...figures });
export const deptFigures = z.object({ deptCode: z.string(), deptName: z.string(), ...figures });

export const stepStatsResult = z.object({
  moduleCode: z.string(),
  processName: z.string(),
  steps: z.array(stepFigures),
  byMonth: z.array(monthFigures),
  byDept: z.array(deptFigures),
});
export type StepStatsResult = z.infer<typeof stepStatsResult>;

export const statsProcess = z.object({ moduleCode: z.string(), name: z.string() });
export type StatsProcess = z.infer<typeof statsProcess>;
/** What the page's filters offer: the published processes and the departments. */
export const statsOptions = z.object({
  processes: z.array(statsProcess),
  depts: z.array(z.object({ deptCode: z.string(), deptName: z.string() })),
});
export type StatsOptions = z.infer<typeof statsOptions>;

/** The month `n` months before `month` ('2026-02', 3 → '2025-11'). */
export function monthBefore(month: string, n: number): string {
  const k = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
}
