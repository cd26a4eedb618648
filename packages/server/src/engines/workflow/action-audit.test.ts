import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const REC = '/oa/api/auth/oa/records/oa_lend';
const P = '/oa/api/auth/oa/process';
const lend = { item: '投影仪', quantity: 1, purpose: '部门会议', borrowDate: '2026-03-02', expectedReturnDate: '2026-03-03' };

describe.each(DIALECTS)('workflow actions are audited, audit rows append-only, on %s', (dialect) => {
  let t: TestApp;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const submit = async () => {
    const sub = await t.call('POST', `${REC}/submit`, { token: lina, body: { data: lend } });
    expect(sub.body.code).toBe(0);
    const view = await t.call('GET', `${P}/instance`, { token: lina, query: { moduleCode: 'oa_lend', recordId: sub.body.data.id } });
    const task = view.body.data.openTasks[0];
    return {
      recordId: sub.body.data.id as string,
      instanceId: view.body.data.current.instanceId as string,
      taskId: task.taskId as string,
      approver: task.assignee as string,
    };
  };
  const audits = (action: string, target: string) =>
    t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', action).where('target', '=', target).execute();

  it('approve and reject leave one audit row each with who and where; a refused repeat leaves none', async () => {
    const a = await submit();
    const token = await t.login(a.approver);
    const ap = await t.call('POST', `${P}/approve`, { token, body: { taskId: a.taskId, comment: '同意' } });
    expect(ap.body.message).toBe('已同意');
    expect((await t.call('POST', `${P}/approve`, { token, body: { taskId: a.taskId } })).body.code).not.toBe(0);
    const rows = await audits('workflow.approve', `oa_lend/${a.recordId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_code: a.approver, ip: '127.0.0.1', result: 'ok' });
    expect(JSON.parse(rows[0].detail!)).toMatchObject({ instanceId: a.instanceId, taskId: a.taskId });

    const b = await submit();
    expect(
      (await t.call('POST', `${P}/reject`, { token: await t.login(b.approver), body: { taskId: b.taskId, comment: '不同意' } })).body.code,
    ).toBe(0);
    expect(await audits('workflow.reject', `oa_lend/${b.recordId}`)).toHaveLength(1);
  });

  it('withdraw, urge and comment are audited', async () => {
    const c = await submit();
    expect((await t.call('POST', `${P}/comment`, { token: lina, body: { instanceId: c.instanceId, comment: '请尽快' } })).body.code).toBe(
      0,
    );
    expect((await t.call('POST', `${P}/urge`, { token: lina, body: { instanceId: c.instanceId } })).body.code).toBe(0);
    expect((await t.call('POST', `${P}/withdraw`, { token: lina, body: { instanceId: c.instanceId } })).body.code).toBe(0);
    for (const action of ['comment', 'urge', 'withdraw']) {
      expect(await audits(`workflow.${action}`, `oa_lend/${c.recordId}`), action).toHaveLength(1);
    }
  });

  it('refuses to update or delete an audit row, in the database itself', async () => {
    const before = await t.ctx.db
      .selectFrom('sys_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(t.ctx.db.updateTable('sys_audit').set({ result: 'ok', user_code: 'nobody' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('sys_audit').execute()).rejects.toThrow(/append-only/);
    if (dialect === 'postgres') await expect(sql`truncate sys_audit`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    const after = await t.ctx.db
      .selectFrom('sys_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
