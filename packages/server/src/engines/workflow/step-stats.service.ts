import { chinaMonth } from '@oa/shared/format/china-time';
import type { StepFigures, StepStatsQuery, StepStatsResult, StatsOptions, SlowPerson } from '@oa/shared/contract/workflow-stats';
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import { indexNodes } from '@oa/shared/workflow/tree';
import { BUCKET_COLUMNS, addHistogram, bucketOf, emptyHistogram, quantileOf } from '@oa/shared/workflow/step-durations';
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

/**
 * The start-up back-fill: tasks handled before the aggregate existed (an upgrade, the demo data written by the
 * seed) are added once per database. The claim row and the additions commit together, so a second server
 * starting at the same time adds nothing.
 */
export async function backfillStepStats(ctx: AppContext, at: string): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimFill(trx, at))) return 0;
    let after = '';
    let n = 0;
    for (;;) {
      const page = await repo.handledTasksAfter(trx, after, HANDLED_RESULTS, 2000);
      if (!page.length) break;
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
      n += page.length;
      after = page[page.length - 1].id;
    }
    await repo.recordFill(trx, n);
    return n;
  });
}

interface Acc {
  cnt: number;
  total: number;
  hist: number[];
}
const acc = (): Acc => ({ cnt: 0, total: 0, hist: emptyHistogram() });
const histOf = (r: repo.StatRow): number[] => BUCKET_COLUMNS.map((c) => Number(r[c]));
function add(map: Map<string, Acc>, key: string, r: repo.StatRow, hist: number[]): void {
  let a = map.get(key);
  if (!a) map.set(key, (a = acc()));
  a.cnt += Number(r.cnt);
  a.total += Number(r.total_ms);
  addHistogram(a.hist, hist);
}
const figures = (a: Acc | undefined) => ({
  count: a?.cnt ?? 0,
  medianMs: a ? quantileOf(a.hist, 0.5) : null,
  p90Ms: a ? quantileOf(a.hist, 0.9) : null,
  avgMs: a?.cnt ? Math.round(a.total / a.cnt) : null,
});

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
  const defs = await repo.publishedDefinitions(ctx.db, q.moduleCode);
  const rows = await repo.statRows(ctx.db, q);
  if (!defs.length && !rows.length) throw notFound('流程不存在或尚未发布');
  const def = defs.length ? (JSON.parse(defs[0].body) as ProcessDefinition) : null;
  const bySteps = new Map<string, Acc>();
  const byPerson = new Map<string, Acc>();
  const byMonth = new Map<string, Acc>();
  const byDept = new Map<string, Acc>();
  const names = new Map<string, string>();
  for (const r of rows) {
    const h = histOf(r);
    add(bySteps, r.node_id, r, h);
    add(byPerson, `${r.node_id}\u0000${r.assignee}`, r, h);
    add(byMonth, r.month, r, h);
    add(byDept, r.dept_code, r, h);
    names.set(r.node_id, r.node_name);
  }
  const people = new Map((await repo.userDepts(ctx.db, [...new Set(rows.map((r) => r.assignee))])).map((u) => [u.user_code, u.user_name]));
  const depts = new Map((await repo.deptNames(ctx.db)).map((d) => [d.dept_code, d.dept_name]));
  const steps = approverSteps(def);
  for (const id of bySteps.keys()) if (!steps.some((s) => s.id === id)) steps.push({ id, name: names.get(id) ?? id, limitHours: null });
  const out: StepFigures[] = [];
  for (const s of steps) {
    const overdueNow =
      s.limitHours == null
        ? 0
        : (await repo.countOpenBefore(ctx.db, q.moduleCode, s.id, new Date(now.getTime() - s.limitHours * HOUR_MS).toISOString())).total;
    out.push({
      nodeId: s.id,
      nodeName: s.name,
      ...figures(bySteps.get(s.id)),
      limitHours: s.limitHours,
      overdueNow,
      slowest: slowestOf(byPerson, s.id, people),
    });
  }
  const months = [...byMonth.keys()].sort();
  return {
    moduleCode: q.moduleCode,
    processName: defs[0]?.name ?? moduleByCode(q.moduleCode)?.name ?? q.moduleCode,
    steps: out,
    byMonth: months.map((m) => ({ month: m, ...figures(byMonth.get(m)) })),
    byDept: [...byDept.entries()]
      .map(([code, a]) => ({ deptCode: code, deptName: code ? (depts.get(code) ?? code) : '未分配部门', ...figures(a) }))
      .sort((a, b) => b.count - a.count),
  };
}

function slowestOf(byPerson: Map<string, Acc>, nodeId: string, people: Map<string, string>): SlowPerson[] {
  const prefix = `${nodeId}\u0000`;
  return [...byPerson.entries()]
    .filter(([k]) => k.startsWith(prefix))
    .map(([k, a]) => {
      const userCode = k.slice(prefix.length);
      return { userCode, userName: people.get(userCode) ?? userCode, ...figures(a) };
    })
    .sort((a, b) => (b.medianMs ?? 0) - (a.medianMs ?? 0) || (b.avgMs ?? 0) - (a.avgMs ?? 0))
    .slice(0, SLOWEST);
}
