import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { approver, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('workflow assignment, modes and special cases on %s', (dialect) => {
  let k: Kit;
  beforeAll(async () => {
    k = await setupKit(dialect);
  });
  afterAll(async () => k?.close());
  const assignees = async (id: string) => (await k.open(id)).map((t) => t.assignee).sort();

  it('named users: the task goes to them; approving finishes and reports to the records engine', async () => {
    const m = await k.publish([approver('a', users('lina'))]);
    const s = await k.start(m, 'staff');
    expect(s.outcome).toBe('running');
    expect(await assignees(s.instanceId)).toEqual(['lina']);
    expect((await k.approveAs(s.instanceId, 'lina', { comment: '同意' })).code).toBe(0);
    expect(await k.status(s.instanceId)).toBe('approved');
    expect(k.outcomes.get(s.recordId)).toBe('approved');
    expect((await k.history(s.instanceId)).map((h) => h.action)).toEqual(['submit', 'approve', 'finish']);
  });

  it('role (all holders) in or-sign: the first approval completes the node, the other task is cancelled', async () => {
    const m = await k.publish([approver('a', { kind: 'role', roleCode: '013' }, { mode: { kind: 'any' } })]);
    const s = await k.start(m, 'staff');
    const holders = await assignees(s.instanceId);
    expect(holders).toEqual(expect.arrayContaining(['sunlihua', 'wangfang']));
    await k.approveAs(s.instanceId, 'wangfang');
    expect(await k.status(s.instanceId)).toBe('approved');
    const cancelled = await k.t.ctx.db
      .selectFrom('wf_task')
      .select('assignee')
      .where('instance_id', '=', s.instanceId)
      .where('status', '=', 'cancelled')
      .execute();
    expect(cancelled.map((c) => c.assignee).sort()).toEqual(holders.filter((h) => h !== 'wangfang'));
  });

  it("role within the initiator's department", async () => {
    const m = await k.publish([approver('a', { kind: 'role', roleCode: '013', scope: 'initiatorDept' })]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['sunlihua']);
  });

  it('department leader (org_dept.leader_user_code)', async () => {
    const m = await k.publish([approver('a', { kind: 'deptLeader' })]);
    expect(await assignees((await k.start(m, 'staff')).instanceId)).toEqual(['leader']);
    expect(await assignees((await k.start(m, 'lina')).instanceId)).toEqual(['zhangwei']);
  });

  it('n-th level supervisor walks up the department tree', async () => {
    const m = await k.publish([approver('a', { kind: 'supervisor', level: 2 })]);
    expect(await assignees((await k.start(m, 'zhaolei')).instanceId)).toEqual(['leader']);
  });

  it('supervisor chain up to a level approves one after another', async () => {
    const m = await k.publish([approver('a', { kind: 'supervisorChain', topLevel: 3 })]);
    const s = await k.start(m, 'zhaolei');
    expect(await assignees(s.instanceId)).toEqual(['chenjing']);
    await k.approveAs(s.instanceId, 'chenjing');
    expect(await assignees(s.instanceId)).toEqual(['leader']);
    await k.approveAs(s.instanceId, 'leader');
    expect(await assignees(s.instanceId)).toEqual(['zhangwei']);
    await k.approveAs(s.instanceId, 'zhangwei');
    expect(await k.status(s.instanceId)).toBe('approved');
  });

  it('initiator picks (restricted to candidates)', async () => {
    const m = await k.publish([
      approver('pick', { kind: 'initiatorPicks', multiple: true, candidates: ['lina', 'hanxue'] }, { mode: { kind: 'all' } }),
    ]);
    const s = await k.start(m, 'staff', {}, { pick: ['lina', 'wuxiaodong', 'hanxue'] });
    expect(await assignees(s.instanceId)).toEqual(['hanxue', 'lina']);
  });

  it('the initiator as approver (self-approve)', async () => {
    const m = await k.publish([approver('a', { kind: 'initiator' })]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['staff']);
  });

  it('a user field of the form', async () => {
    const m = await k.publish([approver('a', { kind: 'formUser', field: 'reviewer' })]);
    const s = await k.start(m, 'staff', { reviewer: 'wangfang' });
    expect(await assignees(s.instanceId)).toEqual(['wangfang']);
  });

  it('sequential: the second approver waits for the first', async () => {
    const m = await k.publish([approver('a', users('leader', 'chenjing'))]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['leader']);
    const pending = await k.t.ctx.db
      .selectFrom('wf_task')
      .select('assignee')
      .where('instance_id', '=', s.instanceId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending.map((p) => p.assignee)).toEqual(['chenjing']);
    await k.approveAs(s.instanceId, 'leader');
    expect(await assignees(s.instanceId)).toEqual(['chenjing']);
  });

  it('countersign: everyone must approve', async () => {
    const m = await k.publish([approver('a', users('leader', 'chenjing'), { mode: { kind: 'all' } })]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['chenjing', 'leader']);
    await k.approveAs(s.instanceId, 'chenjing');
    expect(await k.status(s.instanceId)).toBe('running');
    await k.approveAs(s.instanceId, 'leader');
    expect(await k.status(s.instanceId)).toBe('approved');
  });

  it('pass ratio: 2 of 3 at 60% pass, the third task is cancelled', async () => {
    const m = await k.publish([approver('a', users('leader', 'chenjing', 'zhoutao'), { mode: { kind: 'ratio', percent: 60 } })]);
    const s = await k.start(m, 'staff');
    const [first] = await k.open(s.instanceId, 'zhoutao');
    expect((await k.act('zhoutao', 'reject', { taskId: first.id, comment: '不同意' })).code).toBe(0);
    expect(await k.status(s.instanceId)).toBe('running');
    await k.approveAs(s.instanceId, 'leader');
    expect(await k.status(s.instanceId)).toBe('running');
    await k.approveAs(s.instanceId, 'chenjing');
    expect(await k.status(s.instanceId)).toBe('approved');
  });

  it('pass ratio: rejections that make the ratio unreachable reject', async () => {
    const m = await k.publish([approver('a', users('leader', 'chenjing', 'zhoutao'), { mode: { kind: 'ratio', percent: 60 } })]);
    const s = await k.start(m, 'staff');
    for (const u of ['leader', 'chenjing']) {
      const [task] = await k.open(s.instanceId, u);
      await k.act(u, 'reject', { taskId: task.id, comment: '不同意' });
    }
    expect(await k.status(s.instanceId)).toBe('rejected');
    expect(k.outcomes.get(s.recordId)).toBe('rejected');
  });

  it('nobody to approve: auto-pass finishes at once', async () => {
    const m = await k.publish([approver('a', { kind: 'formUser', field: 'reviewer' }, { whenEmpty: 'autoPass' })]);
    const s = await k.start(m, 'staff', {});
    expect(s.outcome).toBe('approved');
    expect((await k.history(s.instanceId)).map((h) => h.action)).toContain('skip');
  });

  it('nobody to approve: to the process administrators', async () => {
    const m = await k.publish([approver('a', { kind: 'formUser', field: 'reviewer' }, { whenEmpty: 'toAdmin' })], {
      adminUserCodes: ['huangli'],
    });
    const s = await k.start(m, 'staff', {});
    expect(await assignees(s.instanceId)).toEqual(['huangli']);
  });

  it('nobody to approve: reject', async () => {
    const m = await k.publish([approver('a', { kind: 'formUser', field: 'reviewer' }, { whenEmpty: 'reject' })]);
    const s = await k.start(m, 'staff', {});
    expect(s.outcome).toBe('rejected');
    expect((await k.history(s.instanceId)).map((h) => h.action)).toEqual(['submit', 'autoReject', 'finish']);
  });

  it('approver is the initiator: skip goes on to the next node', async () => {
    const m = await k.publish([approver('a', users('staff'), { whenInitiator: 'skip' }), approver('b', users('lina'))]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['lina']);
  });

  it('approver is the initiator: to their leader', async () => {
    const m = await k.publish([approver('a', users('staff'), { whenInitiator: 'toLeader' })]);
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['leader']);
  });

  it('the same approver twice in a row passes automatically', async () => {
    const m = await k.publish([approver('a', users('leader')), approver('b', { kind: 'deptLeader' }), approver('c', users('lina'))]);
    const s = await k.start(m, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    expect(await assignees(s.instanceId)).toEqual(['lina']);
    const h = await k.history(s.instanceId);
    expect(h.find((x) => x.node_id === 'b')?.action).toBe('autoApprove');
  });

  it('a resigned approver (status N) is replaced by the process administrators', async () => {
    await k.t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'mawentao').execute();
    const m = await k.publish([approver('a', users('mawentao'))], { adminUserCodes: ['guomin'] });
    const s = await k.start(m, 'staff');
    expect(await assignees(s.instanceId)).toEqual(['guomin']);
  });

  it('field permissions: edits of "edit" fields go to the records engine, others are refused', async () => {
    const m = await k.publish([approver('a', users('leader'), { fieldPermissions: { amount: 'edit', reason: 'read' } })]);
    const s = await k.start(m, 'staff', { amount: 100, reason: 'x' });
    const [task] = await k.open(s.instanceId, 'leader');
    const bad = await k.act('leader', 'approve', { taskId: task.id, formPatch: { reason: '改了' } });
    expect(bad.message).toContain('无权修改字段');
    expect(await k.status(s.instanceId)).toBe('running');
    const good = await k.act('leader', 'approve', { taskId: task.id, formPatch: { amount: 80 } });
    expect(good.code).toBe(0);
    expect(k.patches).toContainEqual({ recordId: s.recordId, patch: { amount: 80 } });
    const view = await k.t.call('GET', `${'/oa/api/auth/oa/process'}/instance`, {
      token: await k.token('staff'),
      query: { moduleCode: m, recordId: s.recordId },
    });
    expect(view.body.data.history.map((h: { action: string }) => h.action)).toContain('formEdit');
  });
});
