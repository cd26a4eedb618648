import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { approver, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('return with memory on %s', (dialect) => {
  let k: Kit;
  let three: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    three = await k.publish([approver('n1', users('leader')), approver('n2', users('chenjing')), approver('n3', users('zhangwei'))]);
  });
  afterAll(async () => k?.close());
  const who = async (id: string) => (await k.open(id)).map((t) => `${t.node_id}:${t.assignee}`).sort();
  /** the initiator resubmits the same record */
  const resubmit = async (recordId: string) => {
    const u = { moduleCode: three, recordId, serialNo: `SN-${recordId}`, title: '重新提交', initiator: 'staff', deptCode: 'D01', form: {} };
    return k.t.ctx.db.transaction().execute((trx) => k.t.ctx.workflow.start(trx, u));
  };
  const returnAs = async (id: string, user: string, toMe: boolean) =>
    k.act(user, 'return', { taskId: (await k.open(id, user))[0].id, to: 'initiator', comment: '请补充附件', resubmitToMe: toMe });

  it('"straight back to me": the resubmission lands on the returning step and the trail says so', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    const r = await returnAs(s.instanceId, 'chenjing', true);
    expect(r).toMatchObject({ code: 0, data: { status: 'returned' } });
    const again = await resubmit(s.recordId);
    expect(await who(again.instanceId)).toEqual(['n2:chenjing']);
    const h = await k.history(again.instanceId);
    expect(h.map((x) => x.action)).toEqual(['submit', 'resubmit']);
    expect(h[1].node_id).toBe('n2');
    await k.approveAs(again.instanceId, 'chenjing');
    await k.approveAs(again.instanceId, 'zhangwei');
    expect(await k.status(again.instanceId)).toBe('approved');
  });

  it('a plain return runs the resubmission from the start (the trail says so)', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    await returnAs(s.instanceId, 'chenjing', false);
    const again = await resubmit(s.recordId);
    expect(await who(again.instanceId)).toEqual(['n1:leader']);
    const h = await k.history(again.instanceId);
    expect(h[1]).toMatchObject({ action: 'resubmit', node_id: null });
  });

  it('only the instance right before counts: a second resubmission after a normal return starts over', async () => {
    const s = await k.start(three, 'staff');
    await k.approveAs(s.instanceId, 'leader');
    await k.approveAs(s.instanceId, 'chenjing');
    await returnAs(s.instanceId, 'zhangwei', true);
    const second = await resubmit(s.recordId);
    expect(await who(second.instanceId)).toEqual(['n3:zhangwei']);
    await returnAs(second.instanceId, 'zhangwei', false);
    const third = await resubmit(s.recordId);
    expect(await who(third.instanceId)).toEqual(['n1:leader']);
  });
});
