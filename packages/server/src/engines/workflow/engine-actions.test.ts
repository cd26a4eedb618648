import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { approver, cc, P, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('workflow actions on %s', (dialect) => {
  let k: Kit;
  let three: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    three = await k.publish([approver('n1', users('leader')), approver('n2', users('chenjing')), approver('n3', users('zhangwei'))]);
  });
  afterAll(async () => k?.close());
  const who = async (id: string) => (await k.open(id)).map((t) => `${t.node_id}:${t.assignee}`).sort();
  const taskOf = async (id: string, u: string) => (await k.open(id, u))[0].id;

  it('reject ends the instance, cancels the rest and tells the records engine', async () => {
    const s = await k.start(three, 'staff');
    const r = await k.act('leader', 'reject', { taskId: await taskOf(s.instanceId, 'leader'), comment: '材料不全' });
    expect(r).toMatchObject({ code: 0, data: { status: 'rejected' } });
    expect(k.outcomes.get(s.recordId)).toBe('rejected');
    expect(await k.open(s.instanceId)).toEqual([]);
  });

  it('reject needs a comment (400 naming the field, nothing written)', async () => {
    const s = await k.start(three, 'staff');
    const r = await k.t.call('POST', `${P}/reject`, {
      token: await k.token('leader'),
      body: { taskId: await taskOf(s.instanceId, 'leader') },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('comment');
    expect(await k.status(s.instanceId)).toBe('running');
  });

  it('return to the initiator: outcome "returned"', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    const r = await k.act('chenjing', 'return', { taskId: await taskOf(s.instanceId, 'chenjing'), to: 'initiator', comment: '请补充' });
    expect(r.data.status).toBe('returned');
    expect(k.outcomes.get(s.recordId)).toBe('returned');
    const note = await k.t.ctx.db
      .selectFrom('wf_notification')
      .select('kind')
      .where('user_code', '=', 'staff')
      .where('instance_id', '=', s.instanceId)
      .execute();
    expect(note.map((n) => n.kind)).toContain('return');
  });

  it('return to the previous node: its approver gets a new task', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    await k.act('chenjing', 'return', { taskId: await taskOf(s.instanceId, 'chenjing'), to: 'previous' });
    expect(await who(s.instanceId)).toEqual(['n1:leader']);
    await k.approveAs(s.instanceId, 'leader');
    expect(await who(s.instanceId)).toEqual(['n2:chenjing']);
  });

  it('return to any passed node, then the instance continues from there', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    await k.approveAs(s.instanceId, 'chenjing');
    const view = await k.t.call('GET', `${P}/instance`, {
      token: await k.token('zhangwei'),
      query: { moduleCode: three, recordId: s.recordId },
    });
    expect(view.body.data.returnTargets.map((x: { target: string }) => x.target)).toEqual(['initiator', 'previous', 'n2', 'n1']);
    await k.act('zhangwei', 'return', { taskId: await taskOf(s.instanceId, 'zhangwei'), to: 'n1' });
    expect(await who(s.instanceId)).toEqual(['n1:leader']);
    for (const u of ['leader', 'chenjing', 'zhangwei']) await k.approveAs(s.instanceId, u);
    expect(await k.status(s.instanceId)).toBe('approved');
  });

  it('return to a node that was not passed is refused', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    const r = await k.t.call('POST', `${P}/return`, {
      token: await k.token('chenjing'),
      body: { taskId: await taskOf(s.instanceId, 'chenjing'), to: 'n3' },
    });
    expect(r.status).toBe(400);
    expect(await who(s.instanceId)).toEqual(['n2:chenjing']);
  });

  it('transfer hands the task over; the old holder can no longer act', async () => {
    const s = await k.start(three, 'staff');
    const old = await taskOf(s.instanceId, 'leader');
    expect((await k.act('leader', 'transfer', { taskId: old, toUser: 'zhoutao', comment: '请代为审核' })).code).toBe(0);
    expect(await who(s.instanceId)).toEqual(['n1:zhoutao']);
    expect((await k.act('leader', 'approve', { taskId: old })).message).toBe('该任务已处理');
    await k.approveAs(s.instanceId, 'zhoutao');
    expect(await who(s.instanceId)).toEqual(['n2:chenjing']);
  });

  it('add-sign before: the added approver acts first, then the original task reopens', async () => {
    const s = await k.start(three, 'staff');
    await k.act('leader', 'addSign', { taskId: await taskOf(s.instanceId, 'leader'), toUser: 'sunlihua', position: 'before' });
    expect(await who(s.instanceId)).toEqual(['n1:sunlihua']);
    await k.approveAs(s.instanceId, 'sunlihua');
    expect(await who(s.instanceId)).toEqual(['n1:leader']);
    await k.approveAs(s.instanceId, 'leader');
    expect(await who(s.instanceId)).toEqual(['n2:chenjing']);
  });

  it('add-sign after: the actor has approved; the node waits for the added approver', async () => {
    const s = await k.start(three, 'staff');
    await k.act('leader', 'addSign', { taskId: await taskOf(s.instanceId, 'leader'), toUser: 'sunlihua', position: 'after' });
    expect(await who(s.instanceId)).toEqual(['n1:sunlihua']);
    await k.approveAs(s.instanceId, 'sunlihua');
    expect(await who(s.instanceId)).toEqual(['n2:chenjing']);
    const actions = (await k.history(s.instanceId)).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['approve', 'addSign']));
  });

  it('withdraw works until someone acted, then is refused', async () => {
    const a = await k.start(three, 'staff');
    expect((await k.act('staff', 'withdraw', { instanceId: a.instanceId })).data.status).toBe('withdrawn');
    expect(k.outcomes.get(a.recordId)).toBe('withdrawn');
    const b = await k.start(three, 'staff');
    await k.approveAs(b.instanceId, 'leader');
    expect((await k.act('staff', 'withdraw', { instanceId: b.instanceId })).message).toBe('已有审批人处理，不能撤回');
    expect((await k.act('lina', 'withdraw', { instanceId: b.instanceId })).message).toBe('只有发起人可以撤回');
  });

  it('withdraw through the port (the records engine) does not report back', async () => {
    const s = await k.start(three, 'staff');
    await k.t.ctx.db
      .transaction()
      .execute((trx) => k.t.ctx.workflow!.withdraw(trx, { moduleCode: three, recordId: s.recordId, userCode: 'staff' }));
    expect(await k.status(s.instanceId)).toBe('withdrawn');
    expect(k.outcomes.has(s.recordId)).toBe(false);
  });

  it('urge notifies the current approvers, at most once per 10 minutes', async () => {
    const s = await k.start(three, 'staff');
    expect((await k.act('staff', 'urge', { instanceId: s.instanceId, comment: '比较急' })).code).toBe(0);
    const notes = await k.t.ctx.db
      .selectFrom('wf_notification')
      .select(['user_code', 'kind'])
      .where('instance_id', '=', s.instanceId)
      .where('kind', '=', 'urge')
      .execute();
    expect(notes).toEqual([{ user_code: 'leader', kind: 'urge' }]);
    expect((await k.act('staff', 'urge', { instanceId: s.instanceId })).message).toContain('10 分钟');
    expect((await k.act('leader', 'urge', { instanceId: s.instanceId })).message).toBe('只有发起人可以催办');
  });

  it('comments by participants are in the history; others are refused', async () => {
    const s = await k.start(three, 'staff');
    expect((await k.act('leader', 'comment', { instanceId: s.instanceId, comment: '请补充预算表' })).code).toBe(0);
    expect((await k.act('lina', 'comment', { instanceId: s.instanceId, comment: '路过' })).message).toContain('不是该流程的参与人');
    expect((await k.history(s.instanceId)).filter((h) => h.action === 'comment').map((h) => h.actor)).toEqual(['leader']);
  });

  it('someone else than the assignee cannot act', async () => {
    const s = await k.start(three, 'staff');
    const r = await k.act('chenjing', 'approve', { taskId: await taskOf(s.instanceId, 'leader') });
    expect(r.message).toBe('您不是该任务的当前审批人');
    expect(await k.status(s.instanceId)).toBe('running');
  });

  it('CC recipients get a read-only copy with a read receipt', async () => {
    const m = await k.publish([approver('a', users('leader')), cc('c', users('chenjing', 'zhoutao'))]);
    const s = await k.start(m, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    expect(await k.status(s.instanceId)).toBe('approved');
    const list = await k.t.call('GET', `${P}/cc`, { token: await k.token('chenjing'), query: { read: 'N' } });
    expect(list.body.data.list.map((c: { instanceId: string }) => c.instanceId)).toContain(s.instanceId);
    const unreadBefore = (await k.t.call('GET', `${P}/unread`, { token: await k.token('chenjing') })).body.data.cc;
    const view = await k.t.call('GET', `${P}/instance`, {
      token: await k.token('chenjing'),
      query: { moduleCode: m, recordId: s.recordId },
    });
    expect(view.body.data.myTask).toBeNull();
    expect(view.body.data.myActions).toEqual(['comment']);
    const receipts = view.body.data.cc.map((c: { userCode: string; readAt: string | null }) => [c.userCode, !!c.readAt]);
    expect(receipts).toEqual(
      expect.arrayContaining([
        ['chenjing', true],
        ['zhoutao', false],
      ]),
    );
    expect((await k.t.call('GET', `${P}/unread`, { token: await k.token('chenjing') })).body.data.cc).toBe(unreadBefore - 1);
  });

  it('an outsider cannot read the instance', async () => {
    const s = await k.start(three, 'staff');
    const r = await k.t.call('GET', `${P}/instance`, { token: await k.token('lina'), query: { moduleCode: three, recordId: s.recordId } });
    expect(r.status).toBe(403);
  });

  it('50 concurrent approvals of one task: exactly one wins', async () => {
    const m = await k.publish([approver('a', users('leader'))]);
    const s = await k.start(m, 'staff');
    const taskId = await taskOf(s.instanceId, 'leader');
    const token = await k.token('leader');
    const results = await Promise.all(Array.from({ length: 50 }, () => k.t.call('POST', `${P}/approve`, { token, body: { taskId } })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    const refusals = results.filter((r) => r.body.code !== 0);
    expect(refusals).toHaveLength(49);
    for (const r of refusals) expect(r.body.message).toBe('该任务已处理');
    expect((await k.history(s.instanceId)).filter((h) => h.action === 'approve')).toHaveLength(1);
    expect(await k.status(s.instanceId)).toBe('approved');
  });
});
