import { sql } from 'kysely';
import { BUCKET_COLUMNS } from '@oa/shared/workflow/step-durations';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/count-capped';

/** All SQL of the step statistics (issue 38): the aggregate wf_step_stat, its back-fill, open tasks past a limit. */

/** One aggregate row's key and what it adds: a group of handled tasks (one task from the engine). */
export interface StatDelta {
  moduleCode: string;
  nodeId: string;
  nodeName: string;
  month: string;
  deptCode: string;
  assignee: string;
  cnt: number;
  totalMs: number;
  /** counts per bucket, DURATION_BUCKETS long */
  hist: number[];
}

/** Rows per statement: 48 values a row stays under SQLite's 32,766 bound parameters. */
const CHUNK = 500;

/**
 * Adds the deltas to the aggregate: one INSERT … ON CONFLICT DO UPDATE adding to the row, atomic on both
 * dialects (two handlings at once both count). Each key must appear once per call (`groupDeltas`).
 */
export async function addToStats(db: Db, deltas: readonly StatDelta[]): Promise<void> {
  for (let i = 0; i < deltas.length; i += CHUNK) {
    const rows = deltas.slice(i, i + CHUNK).map((d) => ({
      module_code: d.moduleCode,
      node_id: d.nodeId,
      month: d.month,
      dept_code: d.deptCode,
      assignee: d.assignee,
      node_name: d.nodeName.slice(0, 100),
      cnt: d.cnt,
      total_ms: Math.round(d.totalMs),
      ...Object.fromEntries(BUCKET_COLUMNS.map((c, k) => [c, d.hist[k] ?? 0])),
    }));
    await db
      .insertInto('wf_step_stat')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['module_code', 'month', 'node_id', 'dept_code', 'assignee']).doUpdateSet((eb) => ({
          node_name: eb.ref('excluded.node_name'),
          cnt: eb('wf_step_stat.cnt', '+', eb.ref('excluded.cnt')),
          total_ms: eb('wf_step_stat.total_ms', '+', eb.ref('excluded.total_ms')),
          ...Object.fromEntries(BUCKET_COLUMNS.map((c) => [c, eb(`wf_step_stat.${c}`, '+', eb.ref(`excluded.${c}`))])),
        })),
      )
      .execute();
  }
}

export interface StatFilter {
  moduleCode: string;
  monthFrom: string;
  monthTo: string;
  deptCode?: string;
}
type StatKey = 'node_id' | 'month' | 'dept_code' | 'assignee';

/**
 * The aggregate of one process in a month range summed by `keys` (an index range of the primary key; the
 * database adds the few thousand rows up, so only the sums travel): count, total and each bucket.
 */
export function statSums<K extends StatKey>(db: Db, f: StatFilter, keys: readonly K[]) {
  let q = db
    .selectFrom('wf_step_stat')
    .select(keys)
    .select((eb) => [
      eb.fn.max('node_name').as('node_name'),
      eb.fn.sum<number>('cnt').as('cnt'),
      eb.fn.sum<number>('total_ms').as('total_ms'),
      ...BUCKET_COLUMNS.map((c) => eb.fn.sum<number>(c).as(c)),
    ])
    .where('module_code', '=', f.moduleCode)
    .where('month', '>=', f.monthFrom)
    .where('month', '<=', f.monthTo);
  if (f.deptCode) q = q.where('dept_code', '=', f.deptCode);
  return q.groupBy(keys).execute();
}
export type StatSum = { node_name: string; cnt: number; total_ms: number } & Record<(typeof BUCKET_COLUMNS)[number], number>;

/** A step's open tasks opened at or before `before`, to count (overdue now). */
export const openBeforeQuery = (db: Db, moduleCode: string, nodeId: string, before: string) =>
  db
    .selectFrom('wf_task')
    .where('module_code', '=', moduleCode)
    .where('node_id', '=', nodeId)
    .where('status', '=', 'open')
    .where('opened_at', '<=', before);

export const countOpenBefore = (db: Db, moduleCode: string, nodeId: string, before: string) =>
  countCapped(db, openBeforeQuery(db, moduleCode, nodeId, before));

/** Open tasks of a step past `before` whose 督办 was not raised yet, oldest first. */
export const overdueCandidates = (db: Db, moduleCode: string, nodeId: string, before: string, limit: number) =>
  openBeforeQuery(db, moduleCode, nodeId, before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('wf_task_overdue as o').select('o.task_id').whereRef('o.task_id', '=', 'wf_task.id'))),
    )
    .select(['wf_task.id', 'wf_task.opened_at'])
    .orderBy('wf_task.opened_at')
    .limit(limit)
    .execute();

/** Claims the one 督办 of a task: true for exactly one caller, whoever else tries at the same time. */
export async function claimOverdue(db: Db, row: { task_id: string; instance_id: string; raised_at: string; leader: string | null }) {
  const r = await db
    .insertInto('wf_task_overdue')
    .values(row)
    .onConflict((oc) => oc.column('task_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Claims the one start-up back-fill of the aggregate (once per database): the first claim's time is its bound, tasks
 * handled before it are the back-fill's. True for exactly one caller.
 */
export async function claimFill(db: Db, at: string): Promise<boolean> {
  const r = await db
    .insertInto('wf_step_stat_fill')
    .values({ id: 1, filled_at: at, tasks: 0, last_id: '', done_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const readFill = (db: Db) =>
  db.selectFrom('wf_step_stat_fill').select(['filled_at', 'tasks', 'last_id', 'done_at']).where('id', '=', 1).executeTakeFirst();

/**
 * Moves the fill's cursor from `from` to `to` (`n` tasks added): false when another step moved it first (on
 * PostgreSQL this waits for that step's commit, then finds the cursor moved).
 */
export async function advanceFill(db: Db, from: string, to: string, n: number): Promise<boolean> {
  const r = await db
    .updateTable('wf_step_stat_fill')
    .set((eb) => ({ last_id: to, tasks: eb('tasks', '+', n) }))
    .where('id', '=', 1)
    .where('last_id', '=', from)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks the fill over at cursor `from`: false when another step moved the cursor first. */
export async function finishFill(db: Db, from: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('wf_step_stat_fill')
    .set({ done_at: at })
    .where('id', '=', 1)
    .where('last_id', '=', from)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One page (by id) of the tasks people handled before `before`, for the back-fill. */
export const handledTasksAfter = (db: Db, afterId: string, before: string, results: readonly string[], limit: number) =>
  db
    .selectFrom('wf_task')
    .select(['id', 'module_code', 'node_id', 'node_name', 'assignee', 'created_at', 'opened_at', 'acted_at'])
    .where('id', '>', afterId)
    .where('status', '=', 'done')
    .where('result', 'in', results)
    .where('acted_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();

/** The departments of people (the aggregate's department is the person's when they handled the task). */
export const userDepts = (db: Db, codes: readonly string[]) =>
  codes.length
    ? db.selectFrom('sys_user').select(['user_code', 'user_name', 'dept_code']).where('user_code', 'in', codes).execute()
    : Promise.resolve([]);

export const deptNames = (db: Db) =>
  db.selectFrom('org_dept').select(['dept_code', 'dept_name', 'leader_user_code', 'parent_code']).execute();

/** The published processes (a module's default definition first), for the statistics' picker and step list. */
export const publishedDefinitions = (db: Db, moduleCode?: string) => {
  let q = db.selectFrom('wf_definition').select(['id', 'module_code', 'dept_code', 'name', 'body']).where('status', '=', 'published');
  if (moduleCode) q = q.where('module_code', '=', moduleCode);
  return q
    .orderBy('module_code')
    .orderBy(sql`case when dept_code is null then 0 else 1 end`)
    .orderBy('version', 'desc')
    .execute();
};
