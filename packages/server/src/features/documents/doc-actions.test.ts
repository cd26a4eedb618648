import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_API } from '@oa/shared/contract/archive';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const A = '/oa/api/auth/oa/documents';
const PROC = '/oa/api/auth/oa/process';

/** Issue 32: a button is offered exactly to those the server lets act (归档, 撤回) — one rule for both. */
describe.each(DIALECTS)('document actions on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const call = async (u: string, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
    t.call(method, url, { ...opts, token: await as(u) });
  const can = async (u: string, id: string) => (await call(u, 'GET', `${A}/detail`, { query: { id } })).body.data.can;
  const view = async (u: string, id: string) =>
    (await call(u, 'GET', `${PROC}/instance`, { query: { moduleCode: 'oa_deptReceipt', recordId: id } })).body.data;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('归档 is offered to the archivist alone, and exactly when filing is accepted', async () => {
    const finished = await t.ctx.db
      .selectFrom('doc_document')
      .select(['id', 'creator', 'status'])
      .where('archived', '=', 'N')
      .where('status', 'in', ['done', 'distributed'])
      .where('kind', '=', 'dispatch')
      .executeTakeFirstOrThrow();
    // the document clerk manages the dispatch but may not file it: no button, and filing is refused
    expect((await can('zhaolei', finished.id)).archive).toBe(false);
    expect((await call('zhaolei', 'POST', `/oa${ARCHIVE_API.file}`, { body: { docId: finished.id, retention: 'D30' } })).status).toBe(403);
    expect((await can('sunlihua', finished.id)).archive).toBe(true);
    const filed = await call('sunlihua', 'POST', `/oa${ARCHIVE_API.file}`, { body: { docId: finished.id, retention: 'D30' } });
    expect(filed.body.code, filed.body.message).toBe(0);
    // filed once: no second offer
    expect((await can('sunlihua', finished.id)).archive).toBe(false);
  });

  it('撤回 is offered to the registrar alone, and only until someone acted', async () => {
    const save = await call('hanxue', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'dept',
        submit: true,
        form: { title: '撤回规则的来文', sourceOrg: '市行业协会', secretLevel: '内部', urgency: '普通', receivedDate: '2026-11-20' },
      },
    });
    const id = save.body.data.id as string;
    expect((await can('hanxue', id)).withdraw).toBe(true);
    // the leader holding the step reads it but may not withdraw it: neither the button nor the action
    expect((await can('zhangwei', id)).withdraw).toBe(false);
    const leaderView = await view('zhangwei', id);
    expect(leaderView.myActions).not.toContain('withdraw');
    expect(leaderView.current.canWithdraw).toBe(false);
    expect((await call('zhangwei', 'POST', `${A}/withdraw`, { body: { id } })).body.code).not.toBe(0);
    // once the leader acted, the registrar is not offered it either (the action would refuse)
    const task = leaderView.myTask.taskId as string;
    const ok = await call('zhangwei', 'POST', `${PROC}/approve`, {
      body: { taskId: task, comment: '请办理', formPatch: { handlers: ['lina'] } },
    });
    expect(ok.body.code, ok.body.message).toBe(0);
    expect((await can('hanxue', id)).withdraw).toBe(false);
    expect((await view('hanxue', id)).current.canWithdraw).toBe(false);
    expect((await call('hanxue', 'POST', `${A}/withdraw`, { body: { id } })).body.code).not.toBe(0);
  });
});
