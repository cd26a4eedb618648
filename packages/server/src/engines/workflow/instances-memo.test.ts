import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { approver, P, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();

/**
 * Issue 35: the process monitor's and 我的申请's pages are kept in memory under `wf_todo_version`
 * (db/answer-memo.ts): every write to an instance or a task — through the engine or straight into the table —
 * shows on the next page; what is the viewer's (撤回) is never taken from another viewer's kept page.
 */
describe.each(DIALECTS)('instance pages kept under the to-do counter on %s', (dialect) => {
  let k: Kit;
  let m: string;
  let admin: string;
  const monitor = async (query: Record<string, string> = {}) => {
    const r = await k.t.call('GET', `${P}/admin/instances`, { token: admin, query: { moduleCode: m, pageSize: '5', ...query } });
    expect(r.body.code, r.body.message).toBe(0);
    return r.body.data as { total: number; list: Array<{ instanceId: string; status: string; title: string; approvers: unknown[] }> };
  };

  beforeAll(async () => {
    k = await setupKit(dialect);
    admin = await k.token('admin');
    m = await k.publish([approver('a', users('leader'))]);
    for (let i = 0; i < 2; i++) await k.start(m, 'staff');
  });
  afterAll(async () => k?.close());

  it('shows an approval, a new instance and a row written outside the engine on the next page', async () => {
    const before = await monitor();
    const ids = (p: typeof before) => p.list.map((r) => [r.instanceId, r.status, r.title]);
    expect(ids(await monitor())).toEqual(ids(before));
    const first = before.list[0]!;
    expect(first.status).toBe('running');
    await k.approveAs(first.instanceId, 'leader');
    expect((await monitor()).list.find((r) => r.instanceId === first.instanceId)).toMatchObject({ status: 'approved', approvers: [] });
    await k.start(m, 'staff');
    expect((await monitor()).total).toBe(before.total + 1);
    await k.t.ctx.db.updateTable('wf_instance').set({ title: '库中改写' }).where('id', '=', first.instanceId).execute();
    expect((await monitor()).list.find((r) => r.instanceId === first.instanceId)!.title).toBe('库中改写');
  });

  it('computes 撤回 for each viewer, never from a page kept for another', async () => {
    await monitor();
    const mine = async (user: string) =>
      (await k.t.call('GET', `${P}/mine`, { token: await k.token(user), query: { moduleCode: m } })).body.data.list as Array<{
        canWithdraw: boolean;
      }>;
    expect((await mine('staff')).some((r) => r.canWithdraw)).toBe(true);
    expect((await monitor()).list.every((r) => !(r as unknown as { canWithdraw: boolean }).canWithdraw)).toBe(true);
    expect(await mine('lina')).toEqual([]);
  });
});
