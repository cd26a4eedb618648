import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { chinaMonth } from '@oa/shared/format/china-time';
import { testDialects } from '../../../test/harness';
import { approver, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';
import { backfillStepStats } from './step-stats.service';
import { runOverdueCheck } from './overdue';

const DIALECTS = await testDialects();
const S = '/oa/api/auth/oa/workflow/stats';
const HOUR = 3_600_000;
const month = chinaMonth(new Date());
const range = { monthFrom: month, monthTo: month };

describe.each(DIALECTS)('time on every step on %s', (dialect) => {
  let k: Kit;
  let admin: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    admin = await k.token('admin');
  });
  afterAll(async () => k?.close());

  /** Moves the open tasks of `user` on the instance back so that they were opened `hours` ago. */
  const openedAgo = (instanceId: string, user: string, hours: number) =>
    k.t.ctx.db
      .updateTable('wf_task')
      .set({ opened_at: new Date(Date.now() - hours * HOUR).toISOString() })
      .where('instance_id', '=', instanceId)
      .where('assignee', '=', user)
      .where('status', '=', 'open')
      .execute();
  const stats = async (moduleCode: string, extra: Record<string, string> = {}) =>
    (await k.t.call('GET', `${S}/steps`, { token: admin, query: { moduleCode, ...range, ...extra } })).body;

  it('each handling adds to the aggregate; median and p90 are read within one bucket (√2)', async () => {
    const code = await k.publish([approver('n1', users('leader')), approver('n2', users('chenjing'))]);
    for (let i = 1; i <= 10; i++) {
      const s = await k.start(code, 'staff');
      await openedAgo(s.instanceId, 'leader', i);
      expect((await k.approveAs(s.instanceId, 'leader')).code).toBe(0);
    }
    const rows = await k.t.ctx.db.selectFrom('wf_step_stat').selectAll().where('module_code', '=', code).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ node_id: 'n1', month, dept_code: 'D01', assignee: 'leader', cnt: 10 });
    const out = await stats(code);
    expect(out.code).toBe(0);
    const [n1, n2] = out.data.steps;
    expect(n1).toMatchObject({ nodeId: 'n1', nodeName: 'n1', count: 10, overdueNow: 0, limitHours: null });
    // exact: median 5.5 h, p90 9.1 h (durations 1 … 10 h)
    expect(n1.medianMs / (5.5 * HOUR)).toBeGreaterThan(1 / Math.SQRT2);
    expect(n1.medianMs / (5.5 * HOUR)).toBeLessThan(Math.SQRT2);
    expect(n1.p90Ms / (9.1 * HOUR)).toBeGreaterThan(1 / Math.SQRT2);
    expect(n1.p90Ms / (9.1 * HOUR)).toBeLessThan(Math.SQRT2);
    expect(Math.abs(n1.avgMs - 5.5 * HOUR)).toBeLessThan(60_000);
    expect(n1.slowest).toEqual([expect.objectContaining({ userCode: 'leader', userName: expect.any(String), count: 10 })]);
    expect(n2).toMatchObject({ nodeId: 'n2', count: 0, medianMs: null });
    expect(out.data.byMonth).toEqual([expect.objectContaining({ month, count: 10 })]);
    expect(out.data.byDept).toEqual([expect.objectContaining({ deptCode: 'D01', count: 10 })]);
    // another department filters everything out
    expect((await stats(code, { deptCode: 'D02' })).data.steps[0].count).toBe(0);
  });

  it('two handlings at once both count', async () => {
    const code = await k.publish([approver('n1', users('leader'))]);
    const a = await k.start(code, 'staff');
    const b = await k.start(code, 'staff');
    const r = await Promise.all([k.approveAs(a.instanceId, 'leader'), k.approveAs(b.instanceId, 'leader')]);
    expect(r.map((x) => x.code)).toEqual([0, 0]);
    const row = await k.t.ctx.db.selectFrom('wf_step_stat').select('cnt').where('module_code', '=', code).executeTakeFirstOrThrow();
    expect(Number(row.cnt)).toBe(2);
  });

  it('a rejection and a return count; the start-up back-fill ran once and never adds again', async () => {
    const code = await k.publish([approver('n1', users('leader'))]);
    const a = await k.start(code, 'staff');
    const [task] = await k.open(a.instanceId, 'leader');
    expect((await k.act('leader', 'reject', { taskId: task.id, comment: '不同意' })).code).toBe(0);
    expect((await stats(code)).data.steps[0].count).toBe(1);
    expect(await backfillStepStats(k.t.ctx, new Date().toISOString())).toBe(0);
    expect((await stats(code)).data.steps[0].count).toBe(1);
  });

  it('a step open past its 督办时限 raises exactly one 督办 to the department leader and one 催办, even with two runs at once', async () => {
    const code = await k.publish([approver('n1', users('staff'), { overdueHours: 2 })]);
    const late = [await k.start(code, 'chenjing'), await k.start(code, 'chenjing')];
    const fresh = await k.start(code, 'chenjing');
    for (const s of late) await openedAgo(s.instanceId, 'staff', 3);
    expect((await stats(code)).data.steps[0]).toMatchObject({ limitHours: 2, overdueNow: 2 });
    const runs = await Promise.all([runOverdueCheck(k.deps), runOverdueCheck(k.deps)]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await runOverdueCheck(k.deps)).toBe(0);
    for (const s of late) {
      const sup = await k.t.ctx.db.selectFrom('oa_supervise_task').selectAll().where('source_id', '=', s.instanceId).execute();
      expect(sup).toHaveLength(1);
      expect(sup[0]).toMatchObject({ source_type: 'flow', owner_user: 'leader', lead_dept: 'D01', status: 'assigned' });
      const urges = (await k.history(s.instanceId)).filter((h) => h.action === 'urge');
      expect(urges).toEqual([expect.objectContaining({ actor: 'system', target: 'staff' })]);
      const notes = await k.t.ctx.db
        .selectFrom('wf_notification')
        .select('kind')
        .where('instance_id', '=', s.instanceId)
        .where('user_code', '=', 'staff')
        .where('kind', '=', 'urge')
        .execute();
      expect(notes).toHaveLength(1);
    }
    expect(await k.t.ctx.db.selectFrom('oa_supervise_task').select('id').where('source_id', '=', fresh.instanceId).execute()).toEqual([]);
    // the leader sees it among the 督办 to carry out
    const mine = await k.t.call('GET', '/oa/api/auth/oa/supervise/list', {
      token: await k.token('leader'),
      query: { scope: 'exec', pageNumber: '1', pageSize: '50' },
    });
    expect(mine.body.data.list.filter((x: { sourceId: string }) => late.some((s) => s.instanceId === x.sourceId))).toHaveLength(2);
  });

  it('exports the figures as .xlsx', async () => {
    const code = await k.publish([approver('n1', users('leader'))]);
    const s = await k.start(code, 'staff');
    await openedAgo(s.instanceId, 'leader', 30);
    await k.approveAs(s.instanceId, 'leader');
    const r = await k.t.call('GET', `${S}/export`, { token: admin, query: { moduleCode: code, ...range } });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('各步骤')!;
    expect(ws.getRow(2).values).toContain('中位用时');
    expect(ws.getRow(3).getCell(1).value).toBe('n1');
    expect(ws.getRow(3).getCell(2).value).toBe(1);
    expect(String(ws.getRow(3).getCell(3).value)).toMatch(/^1天\d+小时$/);
  });

  it('refuses bad filters with a 400 naming the field, and people without the function', async () => {
    const bad = await k.t.call('GET', `${S}/steps`, { token: admin, query: { moduleCode: 'x', monthFrom: '2026-05', monthTo: '2026-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('起始月份');
    const month13 = await k.t.call('GET', `${S}/steps`, {
      token: admin,
      query: { moduleCode: 'x', monthFrom: '2026-13', monthTo: '2026-01' },
    });
    expect(month13.status).toBe(400);
    const staff = await k.t.call('GET', `${S}/steps`, { token: await k.token('staff'), query: { moduleCode: 'x', ...range } });
    expect(staff.status).toBe(403);
    const none = await k.t.call('GET', `${S}/steps`, { token: admin, query: { moduleCode: 'no_such_process', ...range } });
    expect(none.status).toBe(404);
  });

  it('offers the published processes and the departments', async () => {
    const r = await k.t.call('GET', `${S}/options`, { token: admin });
    expect(r.body.data.processes.length).toBeGreaterThan(3);
    expect(r.body.data.processes[0]).toEqual({ moduleCode: expect.any(String), name: expect.any(String) });
    expect(r.body.data.depts).toContainEqual({ deptCode: 'D01', deptName: '办公室' });
  });
});
