import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, fakeFile } from '../../../test/records/records-fixture';

/**
 * Issue 5, end to end through the real workflow engine: per-node hidden fields on every read path,
 * initiator picks on submit, and approver edits of the fields their node marks 'edit'.
 */

const DIALECTS = await testDialects();
const W = '/oa/api/auth/oa/workflow';
const P = '/oa/api/auth/oa/process';

/** 用印申请: the department leader (reason hidden, copies editable), then someone the initiator picks. */
const stampFlow = {
  moduleCode: 'oa_stamp',
  name: '用印（测试）',
  deptCode: null,
  adminUserCodes: ['admin'],
  root: {
    id: 'start',
    type: 'start',
    name: '发起人',
    settings: { fieldPermissions: {} },
    childNode: {
      id: 'lead',
      type: 'approver',
      name: '部门负责人审批',
      childNode: {
        id: 'pick',
        type: 'approver',
        name: '经办人审批',
        childNode: null,
        settings: {
          assignee: { kind: 'initiatorPicks', multiple: false, candidates: ['lina', 'hanxue'] },
          fieldPermissions: { reason: 'hidden' },
        },
      },
      settings: { assignee: { kind: 'deptLeader' }, fieldPermissions: { reason: 'hidden', copies: 'edit' } },
    },
  },
};

describe.each(DIALECTS)('approval fields and picks on %s', (dialect) => {
  let t: TestApp;
  let staff: string;
  let leader: string;
  let data: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const admin = await t.login('admin');
    const saved = await t.call('POST', `${W}/saveDraft`, { token: admin, body: { definition: stampFlow } });
    expect(saved.body.code, saved.body.message).toBe(0);
    const pub = await t.call('POST', `${W}/publish`, { token: admin, body: { id: saved.body.data.id } });
    expect(pub.body.code, pub.body.message).toBe(0);
    staff = await t.login('staff');
    leader = await t.login('leader');
    data = { reason: '签订合作协议', sealType: '合同专用章', copies: 2, files: [await fakeFile(t, 'staff')] };
  });
  afterAll(async () => t?.close());

  const submit = (picks?: Record<string, string[]>) =>
    t.call('POST', `${base('oa_stamp')}/submit`, { token: staff, body: { data, ...(picks ? { picks } : {}) } });
  const openTask = async (recordId: string) => {
    const rec = await t.ctx.db.selectFrom('business_record').select('instance_id').where('id', '=', recordId).executeTakeFirstOrThrow();
    return t.ctx.db
      .selectFrom('wf_task')
      .select(['id', 'assignee', 'node_id'])
      .where('instance_id', '=', rec.instance_id!)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
  };

  it("hides the node's hidden fields from its approver on every read, not from the applicant", async () => {
    const sub = await submit({ pick: ['lina'] });
    expect(sub.body.code, sub.body.message).toBe(0);
    const id = sub.body.data.id as string;
    expect((await openTask(id)).assignee).toBe('leader');
    const mine = await t.call('GET', `${base('oa_stamp')}/get`, { token: staff, query: { id } });
    expect(mine.body.data.data.reason).toBe('签订合作协议');
    const theirs = await t.call('GET', `${base('oa_stamp')}/get`, { token: leader, query: { id } });
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data.data).not.toHaveProperty('reason');
    expect(theirs.body.data.data.copies).toBe(2);
    const list = await t.call('GET', `${base('oa_stamp')}/list`, { token: leader, query: { pageNumber: '1', pageSize: '50' } });
    const row = (list.body.data?.list ?? []).find((r: { id: string }) => r.id === id);
    if (row) expect(row.data).not.toHaveProperty('reason');
    const view = await t.call('GET', `${P}/instance`, { token: leader, query: { moduleCode: 'oa_stamp', recordId: id } });
    expect(view.body.data.fieldPermissions).toMatchObject({ reason: 'hidden', copies: 'edit' });
    // the administrator (a manager) sees everything
    const admin = await t.call('GET', `${base('oa_stamp')}/get`, { token: await t.login('admin'), query: { id } });
    expect(admin.body.data.data.reason).toBe('签订合作协议');
  });

  it('asks for the picks on the route, refuses a submit without them, and assigns the picked user', async () => {
    const nodes = await t.call('POST', `${W}/pickNodes`, { token: staff, body: { moduleCode: 'oa_stamp', form: data } });
    expect(nodes.body).toMatchObject({ code: 0, data: [{ nodeId: 'pick', nodeName: '经办人审批', multiple: false }] });
    expect(nodes.body.data[0].candidates.map((c: { userCode: string }) => c.userCode)).toEqual(['lina', 'hanxue']);
    const before = await t.ctx.db.selectFrom('business_record').select('id').where('module', '=', 'oa_stamp').execute();
    const refused = await submit();
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toContain('经办人审批');
    expect(await t.ctx.db.selectFrom('business_record').select('id').where('module', '=', 'oa_stamp').execute()).toHaveLength(
      before.length,
    );
    expect((await submit({ pick: ['wuxiaodong'] })).body.message).toContain('经办人审批');
    expect((await submit({ pick: ['lina', 'hanxue'] })).body.message).toContain('只能选择一位');
    const sub = await submit({ pick: ['hanxue'] });
    expect(sub.body.code, sub.body.message).toBe(0);
    const id = sub.body.data.id as string;
    const first = await openTask(id);
    expect((await t.call('POST', `${P}/approve`, { token: leader, body: { taskId: first.id } })).body.code).toBe(0);
    expect(await openTask(id)).toMatchObject({ assignee: 'hanxue', node_id: 'pick' });
  });

  it('lets the approver edit the fields their node marks edit (logged), not read or hidden ones', async () => {
    const sub = await submit({ pick: ['lina'] });
    const id = sub.body.data.id as string;
    const task = await openTask(id);
    const read = await t.call('POST', `${P}/approve`, { token: leader, body: { taskId: task.id, formPatch: { sealType: '公章' } } });
    expect(read.body.code).not.toBe(0);
    expect(read.body.message).toContain('sealType');
    const hidden = await t.call('POST', `${P}/approve`, { token: leader, body: { taskId: task.id, formPatch: { reason: '改掉' } } });
    expect(hidden.body.code).not.toBe(0);
    expect((await openTask(id)).id).toBe(task.id); // nothing happened
    const ok = await t.call('POST', `${P}/approve`, {
      token: leader,
      body: { taskId: task.id, comment: '份数改为 5', formPatch: { copies: 5 } },
    });
    expect(ok.body.code, ok.body.message).toBe(0);
    const got = await t.call('GET', `${base('oa_stamp')}/get`, { token: staff, query: { id } });
    expect(got.body.data.data).toMatchObject({ copies: 5, reason: '签订合作协议', sealType: '合同专用章' });
    const edit = got.body.data.logs.find((l: { action: string }) => l.action === 'formEdit');
    expect(edit).toMatchObject({ actor: 'leader', comment: expect.stringContaining('用印份数') });
    const hist = await t.call('GET', `${P}/instance`, { token: staff, query: { moduleCode: 'oa_stamp', recordId: id } });
    expect(hist.body.data.history.map((h: { action: string }) => h.action)).toContain('formEdit');
  });
});
