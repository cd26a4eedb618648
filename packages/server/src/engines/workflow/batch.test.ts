import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/harness';
import { approver, P, setupKit, users, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('batch approval on %s', (dialect) => {
  let k: Kit;
  let batch: string;
  let plain: string;
  let signed: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    batch = await k.publish([approver('n1', users('leader'), { allowBatch: true }), approver('n2', users('chenjing'))]);
    plain = await k.publish([approver('n1', users('leader'))]);
    signed = await k.publish([approver('n1', users('leader'), { allowBatch: true, requireSignature: true })]);
  });
  afterAll(async () => k?.close());

  it('approves each item in its own transaction; a failing one is listed and the others are done', async () => {
    const a = await k.start(batch, 'staff');
    const b = await k.start(batch, 'staff');
    const c = await k.start(batch, 'staff');
    const other = await k.start(plain, 'staff');
    const token = await k.token('leader');
    const groups = (await k.t.call('GET', `${P}/batch-groups`, { token })).body.data;
    const mine = groups.find((g: { moduleCode: string }) => g.moduleCode === batch);
    expect(mine.tasks).toHaveLength(3);
    expect(groups.some((g: { moduleCode: string }) => g.moduleCode === plain)).toBe(false);
    const ids = await Promise.all([a, b, c, other].map(async (s) => (await k.open(s.instanceId, 'leader'))[0].id));
    const r = await k.t.call('POST', `${P}/batch-approve`, { token, body: { taskIds: ids, comment: '同意' } });
    expect(r.body.data.done).toEqual(ids.slice(0, 3));
    expect(r.body.data.failed).toEqual([{ taskId: ids[3], title: expect.any(String), message: '该节点不允许批量审批' }]);
    for (const s of [a, b, c]) expect((await k.open(s.instanceId)).map((t) => t.node_id)).toEqual(['n2']);
    expect(await k.open(other.instanceId, 'leader')).toHaveLength(1);
  });

  it('a step that needs a signature is never approved in a batch, nor singly without one', async () => {
    const s = await k.start(signed, 'staff');
    const taskId = (await k.open(s.instanceId, 'leader'))[0].id;
    const token = await k.token('leader');
    const r = await k.t.call('POST', `${P}/batch-approve`, { token, body: { taskIds: [taskId] } });
    expect(r.body.data.failed[0].message).toBe('该节点需要手写签名，不能批量审批');
    const single = await k.t.call('POST', `${P}/approve`, { token, body: { taskId } });
    expect(single.status).toBe(400);
    expect(await k.status(s.instanceId)).toBe('running');
  });

  it('an empty selection is a 400', async () => {
    const r = await k.t.call('POST', `${P}/batch-approve`, { token: await k.token('leader'), body: { taskIds: [] } });
    expect(r.status).toBe(400);
  });
});
