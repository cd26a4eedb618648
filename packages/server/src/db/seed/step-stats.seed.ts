import type { Insertable } from 'kysely';
import { chinaMonth } from '@oa/shared/format/china-time';
import { monthBefore } from '@oa/shared/contract/workflow-stats';
import type { ApproverNode, ProcessDefinition } from '@oa/shared/workflow/definition';
import { indexNodes } from '@oa/shared/workflow/tree';
import { BUCKET_COLUMNS, DURATION_BUCKETS, bucketOf, type BucketColumn } from '@oa/shared/workflow/step-durations';
import type { WfStepStatTable } from '../schema/workflow';
import type { Db } from '../database';

const MONTHS = 6;
const HOUR_MS = 3_600_000;

/** A small deterministic generator (mulberry32): the demo figures are the same on every fresh start. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The people who handled a step in the demo history: its named approvers, else the department leaders. */
function handlersOf(node: ApproverNode, leaders: string[]): string[] {
  const a = node.settings.assignee;
  return a.kind === 'users' && a.userCodes.length ? a.userCodes : leaders;
}

/**
 * Demo history of the step statistics (issue 38): six months of handled steps of every published process,
 * written straight into the aggregate (the demo has no finished instances to back-fill from), with each
 * step's typical time and each person's pace, so /workflow/stats shows live figures on the first start.
 */
export async function seedStepStats(trx: Db, at: string): Promise<void> {
  const defs = await trx
    .selectFrom('wf_definition')
    .select(['module_code', 'body'])
    .where('status', '=', 'published')
    .where('dept_code', 'is', null)
    .execute();
  const people = await trx.selectFrom('sys_user').select(['user_code', 'dept_code']).execute();
  const deptOf = new Map(people.map((p) => [p.user_code, p.dept_code ?? '']));
  const leaders = (
    await trx.selectFrom('org_dept').select('leader_user_code').where('leader_user_code', 'is not', null).orderBy('sort_no').execute()
  )
    .map((d) => d.leader_user_code!)
    .filter((c) => deptOf.has(c));
  const rnd = random(38);
  const months = Array.from({ length: MONTHS }, (_, i) => monthBefore(chinaMonth(at), i));
  const rows: Array<Insertable<WfStepStatTable>> = [];
  for (const [d, def] of defs.map((x, i) => [i, JSON.parse(x.body) as ProcessDefinition] as const)) {
    const steps = [...indexNodes(def).values()].map((e) => e.node).filter((n): n is ApproverNode => n.type === 'approver');
    steps.forEach((node, s) => {
      const typicalHours = 2 + ((d * 7 + s * 11) % 30);
      for (const person of handlersOf(node, leaders)) {
        const pace = 0.5 + rnd() * 1.5;
        for (const month of months) {
          const cnt = Math.floor(rnd() * 12);
          if (!cnt) continue;
          const hist = new Array<number>(DURATION_BUCKETS).fill(0);
          let total = 0;
          for (let i = 0; i < cnt; i++) {
            // log-normal around the step's typical time and the person's pace
            const ms = typicalHours * pace * HOUR_MS * Math.exp((rnd() + rnd() + rnd() - 1.5) * 1.4);
            hist[bucketOf(ms)] += 1;
            total += ms;
          }
          rows.push({
            module_code: def.moduleCode,
            node_id: node.id,
            month,
            dept_code: deptOf.get(person) ?? '',
            assignee: person,
            node_name: node.name,
            cnt,
            total_ms: Math.round(total),
            ...(Object.fromEntries(BUCKET_COLUMNS.map((c, k) => [c, hist[k]])) as Record<BucketColumn, number>),
          });
        }
      }
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('wf_step_stat')
      .values(rows.slice(i, i + 500))
      .execute();
}
