import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@oa/shared/crypto/signature';
import { testDialects } from '../../../test/harness';
import { approver, branch, chain, P, setupKit, users, W, type Kit } from '../../../test/workflow/wf-test-kit';

const DIALECTS = await testDialects();
const draft = (moduleCode: string, nodes: Array<Record<string, unknown>>) => ({
  moduleCode,
  name: '接口测试流程',
  deptCode: null,
  adminUserCodes: [],
  root: { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} }, childNode: chain(nodes) },
});

describe.each(DIALECTS)('workflow API on %s', (dialect) => {
  let k: Kit;
  let admin: string;
  beforeAll(async () => {
    k = await setupKit(dialect);
    admin = await k.token('admin');
  });
  afterAll(async () => k?.close());

  it('drafts, validation before publishing, versions', async () => {
    const bad = draft('t_api', [
      branch('b', 'exclusive', [
        {
          id: 'x',
          priority: 1,
          conditions: [{ kind: 'number', field: 'nope', op: '>', value: 1 }],
          nodes: [approver('a', users('leader'))],
        },
        { id: 'y', priority: 1, nodes: [] },
      ]),
    ]);
    const saved = await k.t.call('POST', `${W}/saveDraft`, { token: admin, body: { definition: bad } });
    expect(saved.body.data).toMatchObject({ status: 'draft', version: 1 });
    const fields = [{ code: 'amount', type: 'money' }];
    const check = await k.t.call('POST', `${W}/validate`, { token: admin, body: { definition: bad, conditionFields: fields } });
    const messages = check.body.data.problems.map((p: { message: string }) => p.message).join('|');
    expect(check.body.data.valid).toBe(false);
    expect(messages).toContain('必须有且只有一个默认分支');
    expect(messages).toContain('优先级不能重复');
    expect(messages).toContain('条件字段「nope」不存在');
    const refused = await k.t.call('POST', `${W}/publish`, { token: admin, body: { id: saved.body.data.id, conditionFields: fields } });
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.message).toContain('流程校验未通过');
    const good = draft('t_api', [approver('a', users('leader'))]);
    await k.t.call('POST', `${W}/saveDraft`, { token: admin, body: { id: saved.body.data.id, definition: good } });
    const pub = await k.t.call('POST', `${W}/publish`, { token: admin, body: { id: saved.body.data.id } });
    expect(pub.body.data).toMatchObject({ status: 'published', version: 1 });
    const v2 = await k.t.call('POST', `${W}/saveDraft`, { token: admin, body: { definition: good } });
    expect(v2.body.data.version).toBe(2);
    await k.t.call('POST', `${W}/publish`, { token: admin, body: { id: v2.body.data.id } });
    const versions = await k.t.call('GET', `${W}/versions`, { token: admin, query: { moduleCode: 't_api' } });
    expect(versions.body.data.map((v: { version: number; status: string }) => `${v.version}:${v.status}`)).toEqual([
      '2:published',
      '1:archived',
    ]);
    const edit = await k.t.call('POST', `${W}/saveDraft`, { token: admin, body: { id: v2.body.data.id, definition: good } });
    expect(edit.body.message).toContain('已发布的版本不能修改');
    const list = await k.t.call('GET', `${W}/definitions`, { token: admin, query: { moduleCode: 't_api' } });
    expect(list.body.data.total).toBe(1);
  });

  it("without explicit fields, validation uses the module registry's condition fields", async () => {
    const on = (field: string) =>
      draft('oa_stamp', [
        branch('b', 'exclusive', [
          { id: 'x', conditions: [{ kind: 'number', field, op: '>', value: 10 }], nodes: [approver('a', users('leader'))] },
          { id: 'y', isDefault: true, nodes: [] },
        ]),
      ]);
    const bad = await k.t.call('POST', `${W}/validate`, { token: admin, body: { definition: on('nope') } });
    expect(bad.body.data.problems.map((p: { message: string }) => p.message).join()).toContain('条件字段「nope」不存在');
    const good = await k.t.call('POST', `${W}/validate`, { token: admin, body: { definition: on('copies') } });
    expect(good.body.data).toEqual({ valid: true, problems: [] });
  });

  it('malformed definitions answer 400 and write nothing; staff may not design', async () => {
    const before = (await k.t.ctx.db.selectFrom('wf_definition').select('id').execute()).length;
    for (const definition of [
      {},
      { ...draft('t_x', []), root: { id: 'x', type: 'nope' } },
      draft('t_x', [approver('a', { kind: 'users', userCodes: [] })]),
    ]) {
      const r = await k.t.call('POST', `${W}/saveDraft`, { token: admin, body: { definition } });
      expect(r.status).toBe(400);
    }
    expect((await k.t.ctx.db.selectFrom('wf_definition').select('id').execute()).length).toBe(before);
    expect((await k.t.call('GET', `${W}/directory`, { token: await k.token('staff') })).status).toBe(403);
  });

  it('directory and simulate of the seeded seal-use process', async () => {
    const dir = await k.t.call('GET', `${W}/directory`, { token: admin });
    expect(dir.body.data.users.find((u: { userCode: string }) => u.userCode === 'leader')).toMatchObject({
      deptCode: 'D01',
      active: true,
      roleCodes: ['001'],
    });
    expect(dir.body.data.roles.length).toBeGreaterThan(3);
    const defs = await k.t.call('GET', `${W}/definitions`, { token: admin, query: { moduleCode: 'oa_stamp' } });
    const id = defs.body.data.list[0].id;
    const many = await k.t.call('POST', `${W}/simulate`, {
      token: admin,
      body: { definitionId: id, form: { copies: 20 }, initiator: 'staff' },
    });
    expect(many.body.data.route).toEqual(['start', 'deptLeader', 'copiesBranch', 'officeDirector']);
    const office = many.body.data.steps.find((s: { nodeId: string }) => s.nodeId === 'officeDirector');
    expect(office).toMatchObject({ outcome: 'autoPass', approvers: [{ userCode: 'leader', auto: true }] });
    const few = await k.t.call('POST', `${W}/simulate`, {
      token: admin,
      body: { definitionId: id, form: { copies: 2 }, initiator: 'lina' },
    });
    expect(few.body.data).toMatchObject({ route: ['start', 'deptLeader', 'copiesBranch'], outcome: 'pending' });
    expect(few.body.data.branches[0].reason).toContain('默认分支');
    const trips = await k.t.call('GET', `${W}/definitions`, { token: admin, query: { moduleCode: 'oa_btrip' } });
    const trip = await k.t.call('POST', `${W}/simulate`, {
      token: admin,
      body: { definitionId: trips.body.data.list[0].id, form: {}, initiator: 'lina' },
    });
    expect(
      trip.body.data.steps.map(
        (x: { nodeId: string; approvers: Array<{ userCode: string }> }) => `${x.nodeId}:${x.approvers.map((a) => a.userCode).join()}`,
      ),
    ).toEqual(['start:', 'deptLeader:zhangwei', 'ccOffice:leader']);
  });

  it('a share link opens the published diagram without a login; a tampered one does not', async () => {
    const defs = await k.t.call('GET', `${W}/definitions`, { token: admin, query: { moduleCode: 'oa_lend' } });
    const link = await k.t.call('POST', `${W}/shareLink`, { token: admin, body: { definitionId: defs.body.data.list[0].id } });
    expect(link.body.data.path).toMatch(/^\/workflow\/kk\?token=/);
    const open = await k.t.call('GET', '/oa/api/base/oa/workflow/share', { query: { token: link.body.data.token } });
    expect(open.body.data).toMatchObject({ moduleCode: 'oa_lend', status: 'published' });
    const bad = await k.t.call('GET', '/oa/api/base/oa/workflow/share', { query: { token: `${link.body.data.token}x` } });
    expect(bad.body.message).toBe('分享链接无效或已过期');
  });

  it('through the real records API: seal use over 10 copies, department leader approves, office director passes as the same person', async () => {
    const staff = await k.token('staff');
    const fileId = `F${Date.now()}`;
    await k.t.ctx.db
      .insertInto('sys_file')
      .values({
        id: fileId,
        sha256: 'a'.repeat(64),
        original_name: '协议.pdf',
        ext: 'pdf',
        mime: 'application/pdf',
        size: 1024,
        scope: 'internal',
        kind: 'file',
        owner: 'staff',
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
    const sub = await k.t.call('POST', '/oa/api/auth/oa/records/oa_stamp/submit', {
      token: staff,
      body: { data: { reason: '签订合作协议', sealType: '合同专用章', copies: 20, files: [{ fileId, fileName: '协议.pdf' }] } },
    });
    expect(sub.body.code, sub.body.message).toBe(0);
    const recordId = sub.body.data.id as string;
    const leader = await k.token('leader');
    const view = await k.t.call('GET', `${P}/instance`, { token: leader, query: { moduleCode: 'oa_stamp', recordId } });
    expect(view.body.data.myActions).toEqual(expect.arrayContaining(['approve', 'reject', 'return', 'transfer', 'addSign']));
    const ok = await k.t.call('POST', `${P}/approve`, { token: leader, body: { taskId: view.body.data.myTask.taskId, comment: '同意' } });
    expect(ok.body.data.status).toBe('approved');
    const rec = await k.t.call('GET', '/oa/api/auth/oa/records/oa_stamp/get', { token: staff, query: { id: recordId } });
    expect(rec.body.data.status ?? rec.body.data.record?.status).toBe('approved');
  });

  it('server-sent events: unread counts on connect, then a notification without a reload', async () => {
    await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = k.t.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    const path = '/oa/api/auth/oa/process/stream';
    const ts = String(Date.now());
    const ac = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      signal: ac.signal,
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${await k.token('guomin')}`,
        'auth-appid': k.t.config.signAppId,
        'auth-timestamp': ts,
        'auth-device': 'pc',
        'auth-source': 'web',
        'auth-signature': await signRequest(k.t.config.signSecret, path, ts, k.t.config.signAppId),
      },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await until('event: unread');
    const m = await k.publish([approver('a', users('guomin'))]);
    await k.start(m, 'huangli');
    await until('event: notification');
    expect(text).toContain('待审批');
    ac.abort();
    const plain = await k.t.call('GET', path, { token: await k.token('guomin') });
    expect(plain.body.data).toMatchObject({ todo: expect.any(Number), notifications: expect.any(Number) });
  });
});
