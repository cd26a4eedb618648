import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaMonth } from '@oa/shared/format/china-time';
import { testDialects } from '../../../test/harness';
import { approver, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';
import { runBackfill } from '../../core/search/search-index';
import { backfillDone } from '../../core/search/search-index.repository';
import { backfillStepStats, fillStep, stepStatsBackfillSteps } from './step-stats.service';
import { claimFill, readFill } from './step-stats.repository';

const DIALECTS = await testDialects();
const S = '/oa/api/auth/oa/workflow/stats';
const HOUR = 3_600_000;
const month = chinaMonth(new Date());

/** The step statistics' start-up back-fill (issue 38): in steps of a page of tasks, resumable, once per task. */
describe.each(DIALECTS)('the step statistics back-fill on %s', (dialect) => {
  let k: Kit;
  let admin: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    admin = await k.token('admin');
  });
  afterAll(async () => k?.close());

  type Figures = { count: number; medianMs: number | null; p90Ms: number | null };
  const figures = async (code: string): Promise<Figures[]> => {
    const r = await k.t.call('GET', `${S}/steps`, { token: admin, query: { moduleCode: code, monthFrom: month, monthTo: month } });
    return r.body.data.steps.map((s: Figures) => ({ count: s.count, medianMs: s.medianMs, p90Ms: s.p90Ms }));
  };

  /** A process whose two steps handled three instances (the first with times 2, 4 and 6 h); its figures. */
  async function handledProcess(): Promise<{ code: string; before: Figures[] }> {
    const code = await k.publish([approver('n1', users('leader')), approver('n2', users('chenjing'))]);
    for (let i = 1; i <= 3; i++) {
      const s = await k.start(code, 'staff');
      await k.t.ctx.db
        .updateTable('wf_task')
        .set({ opened_at: new Date(Date.now() - 2 * i * HOUR).toISOString() })
        .where('instance_id', '=', s.instanceId)
        .where('status', '=', 'open')
        .execute();
      expect((await k.approveAs(s.instanceId, 'leader')).code).toBe(0);
      expect((await k.approveAs(s.instanceId, 'chenjing')).code).toBe(0);
    }
    const before = await figures(code);
    expect(before.map((f) => f.count)).toEqual([3, 3]);
    // as before the upgrade: no aggregate of this process, no back-fill claimed
    await k.t.ctx.db.deleteFrom('wf_step_stat').where('module_code', '=', code).execute();
    await k.t.ctx.db.deleteFrom('wf_step_stat_fill').execute();
    expect((await figures(code)).map((f) => f.count)).toEqual([0, 0]);
    return { code, before };
  }
  const at = () => new Date().toISOString();

  it('adds the tasks handled before it was claimed, each once, with two runs at once (a task a page)', async () => {
    const { code, before } = await handledProcess();
    const [a, b] = await Promise.all([backfillStepStats(k.t.ctx, at(), 1), backfillStepStats(k.t.ctx, at(), 1)]);
    const fill = await readFill(k.t.ctx.db);
    expect(fill?.done_at).toEqual(expect.any(String));
    expect(a + b).toBe(Number(fill?.tasks));
    expect(await figures(code)).toEqual(before);
    // over: a later start adds nothing
    expect(await backfillStepStats(k.t.ctx, at())).toBe(0);
    expect(await figures(code)).toEqual(before);
  });

  it('resumed after an interruption (between steps, and a step killed mid-way) gives the figures of one run', async () => {
    const { code, before } = await handledProcess();
    expect(await claimFill(k.t.ctx.db, at())).toBe(true);
    // a task handled after the claim is the engine's alone (wherever its id falls)
    const late = await k.start(code, 'staff');
    await k.approveAs(late.instanceId, 'leader');
    // the first step commits, then the process is gone
    const steps = stepStatsBackfillSteps(k.t.ctx, at(), 2);
    expect((await steps.next()).value).toBe(2);
    await steps.return(undefined);
    // a step killed after adding its page: rolled back whole
    const killed = k.t.ctx.db.transaction().execute(async (trx) => {
      expect(await fillStep(trx, at(), 2)).toBe(2);
      throw new Error('killed');
    });
    await expect(killed).rejects.toThrow('killed');
    const fill = await readFill(k.t.ctx.db);
    expect([Number(fill?.tasks), fill?.done_at]).toEqual([2, null]);
    await backfillStepStats(k.t.ctx, at(), 2);
    const after = await figures(code);
    expect(after[1]).toEqual(before[1]);
    expect(after[0].count).toBe(4);
  });

  it('does not hold up the start: past its budget the pass goes on after the app is ready, then is marked', async () => {
    const { code, before } = await handledProcess();
    await k.t.ctx.db.deleteFrom('search_backfill').where('source', '=', 'step-stats').execute();
    const { rest } = await runBackfill(k.t.ctx.db, 'step-stats', stepStatsBackfillSteps(k.t.ctx, at(), 1), 0);
    expect(await backfillDone(k.t.ctx.db, 'step-stats')).toBe(false);
    await rest;
    expect(await backfillDone(k.t.ctx.db, 'step-stats')).toBe(true);
    expect(await figures(code)).toEqual(before);
  });
});
