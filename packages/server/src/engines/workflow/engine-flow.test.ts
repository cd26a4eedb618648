import { chinaDate } from '@oa/shared/format/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { buildApp } from '../../app';
import { insertPublished } from './definitions.service';
import { runDueTimeouts } from './timeouts';
import { approver, branch, definition, P, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();
const HOUR = 3_600_000;
const later = (h: number) => new Date(Date.now() + h * HOUR);

describe.each(DIALECTS)('workflow routing, timeouts, versions, delegation and administration on %s', (dialect) => {
  let k: Kit;
  beforeAll(async () => {
    k = await setupKit(dialect);
  });
  afterAll(async () => k?.close());
  const who = async (id: string) => (await k.open(id)).map((t) => `${t.node_id}:${t.assignee}`).sort();

  it('exclusive branch on a number field: priority order, default otherwise', async () => {
    const m = await k.publish([
      branch('b', 'exclusive', [
        {
          id: 'big',
          conditions: [{ kind: 'number', field: 'amount', op: '>=', value: 10000 }],
          nodes: [approver('boss', users('zhangwei'))],
        },
        { id: 'mid', conditions: [{ kind: 'number', field: 'amount', op: '>', value: 1000 }], nodes: [approver('mgr', users('leader'))] },
        { id: 'other', isDefault: true, nodes: [] },
      ]),
      approver('finance', users('huangli')),
    ]);
    expect(await who((await k.start(m, 'staff', { amount: 20000 })).instanceId)).toEqual(['boss:zhangwei']);
    expect(await who((await k.start(m, 'staff', { amount: '5000' })).instanceId)).toEqual(['mgr:leader']);
    expect(await who((await k.start(m, 'staff', { amount: 10 })).instanceId)).toEqual(['finance:huangli']);
    const s = await k.start(m, 'staff', { amount: 5000 });
    await k.approveAs(s.instanceId, 'leader');
    expect(await who(s.instanceId)).toEqual(['finance:huangli']);
  });

  it("exclusive branch on the initiator's department and role, and on select/date fields", async () => {
    const m = await k.publish([
      branch('b', 'exclusive', [
        { id: 'office', conditions: [{ kind: 'initiatorDept', deptCodes: ['D01'] }], nodes: [approver('o', users('leader'))] },
        { id: 'leaders', conditions: [{ kind: 'initiatorRole', roleCodes: ['001'] }], nodes: [approver('l', users('zhangwei'))] },
        {
          id: 'urgent',
          conditions: [
            { kind: 'select', field: 'level', values: ['urgent'] },
            { kind: 'date', field: 'day', op: '>=', value: '2026-01-01' },
          ],
          nodes: [approver('u', users('huangli'))],
        },
        { id: 'other', isDefault: true, nodes: [approver('d', users('guomin'))] },
      ]),
    ]);
    expect(await who((await k.start(m, 'zhaolei')).instanceId)).toEqual(['o:leader']);
    expect(await who((await k.start(m, 'liuyang')).instanceId)).toEqual(['l:zhangwei']);
    expect(await who((await k.start(m, 'wangfang', { level: 'urgent', day: '2026-03-01' })).instanceId)).toEqual(['u:huangli']);
    expect(await who((await k.start(m, 'wangfang', { level: 'urgent', day: '2025-03-01' })).instanceId)).toEqual(['d:guomin']);
  });

  it('parallel branches rejoin: the node after them waits for every branch', async () => {
    const m = await k.publish([
      branch('p', 'parallel', [
        { id: 'x', nodes: [approver('px', users('leader')), approver('px2', users('chenjing'))] },
        { id: 'y', nodes: [approver('py', users('huangli'))] },
      ]),
      approver('after', users('zhangwei')),
    ]);
    const s = await k.start(m, 'staff');
    expect(await who(s.instanceId)).toEqual(['px:leader', 'py:huangli']);
    await k.approveAs(s.instanceId, 'huangli');
    expect(await who(s.instanceId)).toEqual(['px:leader']);
    await k.approveAs(s.instanceId, 'leader');
    expect(await who(s.instanceId)).toEqual(['px2:chenjing']);
    // a return inside a parallel branch only restarts that branch
    const [t] = await k.open(s.instanceId, 'chenjing');
    await k.act('chenjing', 'return', { taskId: t.id, to: 'px' });
    expect(await who(s.instanceId)).toEqual(['px:leader']);
    await k.approveAs(s.instanceId, 'leader');
    await k.approveAs(s.instanceId, 'chenjing');
    expect(await who(s.instanceId)).toEqual(['after:zhangwei']);
    await k.approveAs(s.instanceId, 'zhangwei');
    expect(await k.status(s.instanceId)).toBe('approved');
  });

  it('a rejection in one parallel branch rejects the instance', async () => {
    const m = await k.publish([
      branch('p', 'parallel', [
        { id: 'x', nodes: [approver('px', users('leader'))] },
        { id: 'y', nodes: [approver('py', users('huangli'))] },
      ]),
    ]);
    const s = await k.start(m, 'staff');
    const [t] = await k.open(s.instanceId, 'huangli');
    await k.act('huangli', 'reject', { taskId: t.id, comment: '预算不足' });
    expect(await k.status(s.instanceId)).toBe('rejected');
    expect(await k.open(s.instanceId)).toEqual([]);
  });

  it('timeout remind: fires once per due time, repeats, and is claimed by one of several pollers', async () => {
    const m = await k.publish([approver('a', users('leader'), { timeout: { afterHours: 2, action: 'remind', repeatHours: 4 } })]);
    const s = await k.start(m, 'staff');
    expect(await k.timeouts(later(1))).toBe(0);
    const fired = await Promise.all([k.timeouts(later(3)), k.timeouts(later(3)), k.timeouts(later(3))]);
    expect(fired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const reminds = async () => (await k.history(s.instanceId)).filter((h) => h.action === 'remind').length;
    expect(await reminds()).toBe(1);
    expect(await k.timeouts(later(3))).toBe(0);
    await k.timeouts(later(8));
    expect(await reminds()).toBe(2);
    expect(await k.status(s.instanceId)).toBe('running');
  });

  it.skipIf(dialect !== 'postgres')(
    'two servers on one database: a due timeout fires once, from the due time stored in the database',
    async () => {
      const m = await k.publish([approver('a', users('leader'), { timeout: { afterHours: 1, action: 'autoApprove' } })]);
      const s = await k.start(m, 'staff');
      const other = await buildApp(k.t.config, { logger: false });
      other.ctx.records = k.t.ctx.records;
      try {
        await Promise.all([
          runDueTimeouts({ ctx: other.ctx, bus: null }, later(2)),
          k.timeouts(later(2)),
          runDueTimeouts({ ctx: other.ctx, bus: null }, later(2)),
        ]);
        expect((await k.history(s.instanceId)).filter((h) => h.action === 'autoApprove')).toHaveLength(1);
        expect(await k.status(s.instanceId)).toBe('approved');
      } finally {
        await other.app.close();
      }
    },
  );

  it('timeout auto-approve and auto-reject', async () => {
    const a = await k.publish([
      approver('a', users('leader'), { timeout: { afterHours: 1, action: 'autoApprove' } }),
      approver('b', users('chenjing'), { timeout: { afterHours: 1, action: 'autoReject' } }),
    ]);
    const s = await k.start(a, 'staff');
    await Promise.all([k.timeouts(later(2)), k.timeouts(later(2))]);
    const h = await k.history(s.instanceId);
    expect(h.filter((x) => x.action === 'autoApprove' && x.node_id === 'a')).toHaveLength(1);
    expect(await who(s.instanceId)).toEqual(['b:chenjing']);
    const due = await k.t.ctx.db
      .selectFrom('wf_task')
      .select('due_at')
      .where('instance_id', '=', s.instanceId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    await k.timeouts(new Date(Date.parse(due.due_at!) + 1000));
    expect(await k.status(s.instanceId)).toBe('rejected');
    expect(k.outcomes.get(s.recordId)).toBe('rejected');
  });

  it('versions: a running instance keeps its version; new ones use the newest published', async () => {
    const m = await k.publish([approver('a', users('leader'))]);
    const old = await k.start(m, 'staff');
    await insertPublished(k.t.ctx.db, definition(m, [approver('a', users('huangli'))]), 'admin');
    const fresh = await k.start(m, 'staff');
    expect(await who(fresh.instanceId)).toEqual(['a:huangli']);
    const versions = await k.t.ctx.db
      .selectFrom('wf_instance')
      .select(['id', 'version'])
      .where('module_code', '=', m)
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    await k.approveAs(old.instanceId, 'leader');
    expect(await k.status(old.instanceId)).toBe('approved');
  });

  it('a department-specific definition wins for that department', async () => {
    const m = await k.publish([approver('a', users('leader'))]);
    await insertPublished(k.t.ctx.db, definition(m, [approver('a', users('liuyang'))], { deptCode: 'D03' }), 'admin');
    expect(await who((await k.start(m, 'wangfang')).instanceId)).toEqual(['a:liuyang']);
    expect(await who((await k.start(m, 'staff')).instanceId)).toEqual(['a:leader']);
  });

  it('delegation: tasks in the date range go to the deputy, shown as "代 X 审批"', async () => {
    const today = chinaDate(); // a delegation's dates are China's
    const saved = await k.act('zhangwei', 'saveDelegation', { deputyCode: 'lina', startDate: today, endDate: today, reason: '出差' });
    expect(saved.code).toBe(0);
    const m = await k.publish([approver('a', users('zhangwei'))]);
    const s = await k.start(m, 'staff');
    expect(await k.open(s.instanceId)).toMatchObject([{ assignee: 'lina', on_behalf_of: 'zhangwei' }]);
    await k.approveAs(s.instanceId, 'lina');
    const view = await k.t.call('GET', `${P}/instance`, { token: await k.token('staff'), query: { moduleCode: m, recordId: s.recordId } });
    const approve = view.body.data.history.find((h: { action: string }) => h.action === 'approve');
    expect(approve.actorLabel).toBe('李娜（代 张伟 审批）');
    await k.act('zhangwei', 'deleteDelegation', { id: saved.data });
    expect(await k.open((await k.start(m, 'staff')).instanceId)).toMatchObject([{ assignee: 'zhangwei', on_behalf_of: null }]);
  });

  it('delegation outside its dates or for another module does not apply', async () => {
    const m = await k.publish([approver('a', users('huangli'))]);
    await k.act('huangli', 'saveDelegation', { deputyCode: 'lina', startDate: '2020-01-01', endDate: '2020-12-31' });
    await k.act('huangli', 'saveDelegation', {
      deputyCode: 'hanxue',
      moduleCode: 'oa_other',
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    expect(await k.open((await k.start(m, 'staff')).instanceId)).toMatchObject([{ assignee: 'huangli' }]);
    await k.act('huangli', 'saveDelegation', { deputyCode: 'wuxiaodong', moduleCode: m, startDate: '2020-01-01', endDate: '2099-12-31' });
    expect(await k.open((await k.start(m, 'staff')).instanceId)).toMatchObject([{ assignee: 'wuxiaodong', on_behalf_of: 'huangli' }]);
    expect(
      (await k.act('staff', 'saveDelegation', { userCode: 'huangli', deputyCode: 'staff', startDate: '2020-01-01', endDate: '2020-01-02' }))
        .code,
    ).toBe(403);
  });

  it('admin reassigns a stuck task and terminates an instance (reason required, audited)', async () => {
    const m = await k.publish([approver('a', users('guomin')), approver('b', users('leader'))]);
    const s = await k.start(m, 'staff');
    const [t] = await k.open(s.instanceId);
    const admin = await k.token('admin');
    const noReason = await k.t.call('POST', `${P}/admin/reassign`, { token: admin, body: { taskId: t.id, toUser: 'huangli' } });
    expect(noReason.status).toBe(400);
    expect(
      (await k.t.call('POST', `${P}/admin/reassign`, { token: admin, body: { taskId: t.id, toUser: 'huangli', reason: '原审批人休假' } }))
        .body.code,
    ).toBe(0);
    expect(await who(s.instanceId)).toEqual(['a:huangli']);
    expect(
      (
        await k.t.call('POST', `${P}/admin/reassign`, {
          token: await k.token('staff'),
          body: { taskId: t.id, toUser: 'huangli', reason: 'x' },
        })
      ).status,
    ).toBe(403);
    const end = await k.t.call('POST', `${P}/admin/terminate`, { token: admin, body: { instanceId: s.instanceId, reason: '申请作废' } });
    expect(end.body.data.status).toBe('terminated');
    expect(k.outcomes.get(s.recordId)).toBe('terminated');
    const audits = await k.t.ctx.db.selectFrom('sys_audit').select('action').where('action', 'like', 'workflow.%').execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['workflow.reassign', 'workflow.terminate']));
  });

  it('admin instance list: state, current node, approvers, duration, filters and paging', async () => {
    const m = await k.publish([approver('a', users('leader'))]);
    for (let i = 0; i < 3; i++) await k.start(m, 'staff');
    const admin = await k.token('admin');
    const r = await k.t.call('GET', `${P}/admin/instances`, { token: admin, query: { moduleCode: m, status: 'running', pageSize: '2' } });
    expect(r.body.data).toMatchObject({ total: 3, pageSize: 2 });
    expect(r.body.data.list[0]).toMatchObject({
      status: 'running',
      currentNodes: [{ nodeId: 'a' }],
      approvers: [{ userCode: 'leader', userName: '王建国' }],
      // 撤回 is the initiator's (withdrawRefusal): the administrator watching staff's process is not offered it
      canWithdraw: false,
    });
    expect(r.body.data.list[0].durationMs).toBeGreaterThanOrEqual(0);
    const none = await k.t.call('GET', `${P}/admin/instances`, { token: admin, query: { moduleCode: m, initiator: 'lina' } });
    expect(none.body.data.total).toBe(0);
  });

  it('pending centre: to-do, done, my applications, notifications and unread counts', async () => {
    const m = await k.publish([approver('a', users('yangfan'))]);
    const s = await k.start(m, 'liuyang');
    const tok = await k.token('yangfan');
    const unread = (await k.t.call('GET', `${P}/unread`, { token: tok })).body.data;
    expect(unread.todo).toBeGreaterThanOrEqual(1);
    expect(unread.notifications).toBeGreaterThanOrEqual(1);
    const todo = (await k.t.call('GET', `${P}/todo`, { token: tok, query: { moduleCode: m } })).body.data;
    expect(todo.list).toMatchObject([{ instanceId: s.instanceId, nodeName: 'a', initiatorName: '刘洋' }]);
    await k.approveAs(s.instanceId, 'yangfan');
    expect((await k.t.call('GET', `${P}/done`, { token: tok, query: { moduleCode: m } })).body.data.list).toMatchObject([
      { result: 'approved' },
    ]);
    const mine = (await k.t.call('GET', `${P}/mine`, { token: await k.token('liuyang'), query: { moduleCode: m } })).body.data;
    expect(mine.list).toMatchObject([{ status: 'approved', canWithdraw: false }]);
    expect((await k.t.call('POST', `${P}/readNotifications`, { token: tok, body: {} })).body.data).toBeGreaterThanOrEqual(1);
    expect((await k.t.call('GET', `${P}/unread`, { token: tok })).body.data.notifications).toBe(0);
  });
});
