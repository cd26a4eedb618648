import { chinaMonth } from '@oa/shared/format/china-time';
import type { StepFigures, StepStatsQuery, StepStatsResult, StatsOptions, SlowPerson } from '@oa/shared/contract/workflow-stats';
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import { indexNodes } from '@oa/shared/workflow/tree';
import { BUCKET_COLUMNS, bucketOf, emptyHistogram, quantileOf } from '@oa/shared/workflow/step-durations';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import * as repo from './step-stats.repository';

/**
 * Time on every step (issue 38). Each task a person handles is added to the aggregate (wf_step_stat) in the
 * transaction that handles it (`recordHandled`, called by the engine's claim); the statistics then read at
 * most a few thousand aggregate rows (steps × months × people) whatever the number of instances.
 */

/** The results of a task a person (or a step's time-out on their behalf) handled: the time counted. */
export const HANDLED_RESULTS = ['approved', 'rejected', 'returned', 'transferred'] as const;

export interface Handled {
  moduleCode: string;
  nodeId: string;
  nodeName: string;
  assignee: string;
  deptCode: string | null;
  openedAt: string;
  actedAt: string;
}

/** Groups handled tasks by aggregate key (one delta per key, as one upsert statement needs). */
export function groupDeltas(items: Iterable<Handled>): repo.StatDelta[] {
  const out = new Map<string, repo.StatDelta>();
  for (const h of items) {
    const month = chinaMonth(h.actedAt);
    const deptCode = h.deptCode ?? '';
    const key = `${h.moduleCode}\u0000${h.nodeId}\u0000${month}\u0000${deptCode}\u0000${h.assignee}`;
    let d = out.get(key);
    if (!d) {
      d = {
        moduleCode: h.moduleCode,
        nodeId: h.nodeId,
        nodeName: h.nodeName,
        month,
        deptCode,
        assignee: h.assignee,
        cnt: 0,
        totalMs: 0,
        hist: emptyHistogram(),
      };
      out.set(key, d);
    }
    const ms = Math.max(0, Date.parse(h.actedAt) - Date.parse(h.openedAt));
    d.cnt += 1;
    d.totalMs += ms;
    d.hist[bucketOf(ms)] += 1;
    d.nodeName = h.nodeName;
  }
  return [...out.values()];
}

/** Adds handled tasks to the aggregate, inside the caller's transaction (the engine's or a batch generator's). */
export const addHandled = (trx: Db, items: Iterable<Handled>): Promise<void> => repo.addToStats(trx, groupDeltas(items));

/** Tasks one step of the start-up back-fill adds, in one transaction. */
export const FILL_PAGE = 5000;

/**
 * One step of the start-up back-fill, in the caller's transaction: the next page of tasks handled before the fill
 * was claimed (an upgrade, the demo data written by the seed) is added to the aggregate and the fill's cursor moves
 * past it, together. The number added (0: another step moved the cursor first), null when the fill is over.
 */
export async function fillStep(trx: Db, at: string, limit = FILL_PAGE): Promise<number | null> {
  const fill = await repo.readFill(trx);
  if (!fill || fill.done_at) return null;
  const page = await repo.handledTasksAfter(trx, fill.last_id, fill.filled_at, HANDLED_RESULTS, limit);
  if (!page.length) return (await repo.finishFill(trx, fill.last_id, at)) ? null : 0;
  // the cursor first: of two instances at the same step, the second finds it moved and adds nothing
  if (!(await repo.advanceFill(trx, fill.last_id, page[page.length - 1].id, page.length))) return 0;
  const depts = new Map((await repo.userDepts(trx, [...new Set(page.map((t) => t.assignee))])).map((u) => [u.user_code, u.dept_code]));
  await addHandled(
    trx,
    page.map((t) => ({
      moduleCode: t.module_code,
      nodeId: t.node_id,
      nodeName: t.node_name,
      assignee: t.assignee,
      deptCode: depts.get(t.assignee) ?? null,
      openedAt: t.opened_at ?? t.created_at,
      actedAt: t.acted_at!,
    })),
  );
  return page.length;
}

/**
 * The start-up back-fill (`backfillOnReady`, source 'step-stats'): claims the one fill of the database at `at` and
 * runs its steps, each yielding the tasks it added. Resumable (a step killed mid-way rolls back whole; the next
 * start goes on from the cursor) and safe with two instances at once (each task is added by the one step that
 * moved the cursor past it).
 */
export async function* stepStatsBackfillSteps(ctx: AppContext, at: string, limit = FILL_PAGE): AsyncGenerator<number> {
  await repo.claimFill(ctx.db, at);
  for (;;) {
    const n = await ctx.db.transaction().execute((trx) => fillStep(trx, at, limit));
    if (n === null) return;
    yield n;
  }
}

/** Runs the back-fill's steps now: the tasks this caller added. */
export async function backfillStepStats(ctx: AppContext, at: string, limit = FILL_PAGE): Promise<number> {
  let n = 0;
  for await (const k of stepStatsBackfillSteps(ctx, at, limit)) n += k;
  return n;
}

/** Count, median, 90% and mean of a summed aggregate row (median and 90% from its buckets). */
function figures(r: repo.StatSum | undefined) {
  if (!r || !Number(r.cnt)) return { count: 0, medianMs: null, p90Ms: null, avgMs: null };
  const hist = BUCKET_COLUMNS.map((c) => Number(r[c]));
  const count = Number(r.cnt);
  return { count, medianMs: quantileOf(hist, 0.5), p90Ms: quantileOf(hist, 0.9), avgMs: Math.round(Number(r.total_ms) / count) };
}

/** The steps of a published definition in flow order, with their 督办时限. */
function approverSteps(def: ProcessDefinition | null): Array<{ id: string; name: string; limitHours: number | null }> {
  if (!def) return [];
  return [...indexNodes(def).values()]
    .map((e) => e.node)
    .filter((n) => n.type === 'approver')
    .map((n) => ({ id: n.id, name: n.name, limitHours: n.type === 'approver' ? (n.settings.overdueHours ?? null) : null }));
}

/** The steps of a definition that have a 督办时限. */
export const limitedSteps = (def: ProcessDefinition) =>
  approverSteps(def).filter((s): s is { id: string; name: string; limitHours: number } => s.limitHours != null);

/** The filters' choices: the published processes, each once (its default definition's name), and the departments. */
export async function statsOptions(ctx: AppContext): Promise<StatsOptions> {
  const seen = new Map<string, StatsOptions['processes'][number]>();
  for (const d of await repo.publishedDefinitions(ctx.db))
    if (!seen.has(d.module_code)) seen.set(d.module_code, { moduleCode: d.module_code, name: d.name });
  const depts = (await repo.deptNames(ctx.db)).map((d) => ({ deptCode: d.dept_code, deptName: d.dept_name }));
  return { processes: [...seen.values()], depts };
}

const HOUR_MS = 3_600_000;
const SLOWEST = 5;

export async function stepStats(ctx: AppContext, q: StepStatsQuery, now: Date): Promise<StepStatsResult> {
  const [defs, byPerson, byMonthDept, depts] = await Promise.all([
    repo.publishedDefinitions(ctx.db, q.moduleCode),
    repo.statSums(ctx.db, q, ['node_id', 'assignee']),
    repo.statSums(ctx.db, q, ['month', 'dept_code']),
    repo.deptNames(ctx.db),
  ]);
  if (!defs.length && !byPerson.length) throw notFound('流程不存在或尚未发布');
  const bySteps = sumBy(byPerson, (r) => r.node_id);
  const steps = approverSteps(defs.length ? (JSON.parse(defs[0].body) as ProcessDefinition) : null);
  for (const [id, r] of bySteps) if (!steps.some((s) => s.id === id)) steps.push({ id, name: r.node_name, limitHours: null });
  const [counts, people] = await Promise.all([
    Promise.all(
      steps.map(async (s) =>
        s.limitHours == null
          ? 0
          : (await repo.countOpenBefore(ctx.db, q.moduleCode, s.id, new Date(now.getTime() - s.limitHours * HOUR_MS).toISOString())).total,
      ),
    ),
    repo.userDepts(ctx.db, [...new Set(byPerson.map((r) => r.assignee))]),
  ]);
  const userNames = new Map(people.map((u) => [u.user_code, u.user_name]));
  const deptName = new Map(depts.map((d) => [d.dept_code, d.dept_name]));
  const byMonth = sumBy(byMonthDept, (r) => r.month);
  return {
    moduleCode: q.moduleCode,
    processName: defs[0]?.name ?? moduleByCode(q.moduleCode)?.name ?? q.moduleCode,
    steps: steps.map((s, i): StepFigures => ({
      nodeId: s.id,
      nodeName: s.name,
      ...figures(bySteps.get(s.id)),
      limitHours: s.limitHours,
      overdueNow: counts[i],
      slowest: slowestOf(
        byPerson.filter((r) => r.node_id === s.id),
        userNames,
      ),
    })),
    byMonth: [...byMonth.keys()].sort().map((m) => ({ month: m, ...figures(byMonth.get(m)) })),
    byDept: [...sumBy(byMonthDept, (r) => r.dept_code)]
      .map(([code, r]) => ({ deptCode: code, deptName: code ? (deptName.get(code) ?? code) : '未分配部门', ...figures(r) }))
      .sort((a, b) => b.count - a.count),
  };
}

/** Adds summed rows up once more, by a coarser key (the step of a step-and-person sum, the month of a month-and-department one). */
function sumBy<R extends repo.StatSum>(rows: readonly R[], key: (r: R) => string): Map<string, repo.StatSum> {
  const out = new Map<string, repo.StatSum>();
  for (const r of rows) {
    const k = key(r);
    const a = out.get(k);
    if (!a) {
      out.set(k, { ...r });
      continue;
    }
    a.cnt = Number(a.cnt) + Number(r.cnt);
    a.total_ms = Number(a.total_ms) + Number(r.total_ms);
    for (const c of BUCKET_COLUMNS) a[c] = Number(a[c]) + Number(r[c]);
  }
  return out;
}

function slowestOf(rows: Array<repo.StatSum & { assignee: string }>, people: Map<string, string>): SlowPerson[] {
  return rows
    .map((r) => ({ userCode: r.assignee, userName: people.get(r.assignee) ?? r.assignee, ...figures(r) }))
    .sort((a, b) => (b.medianMs ?? 0) - (a.medianMs ?? 0) || (b.avgMs ?? 0) - (a.avgMs ?? 0))
    .slice(0, SLOWEST);
}
