import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const A = '/oa/api/auth/oa/documents';
const PROC = '/oa/api/auth/oa/process';
const Q = '/oa/api/auth/oa/search';

/**
 * Official documents in the site search: found by exactly those `canReadDoc` lets read them (registrar,
 * managers — a department's only within it —, workflow participants, recipients, archivists once it may be filed).
 */
describe.each(DIALECTS)('documents in the site search on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const call = async (u: string, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
    t.call(method, url, { ...opts, token: await as(u) });
  const found = async (u: string, q: string, kind = 'document') => {
    const res = await call(u, 'GET', Q, { query: { q, kind, pageSize: '100' } });
    expect(res.body.code, res.body.message).toBe(0);
    return (res.body.data.list as Array<{ refId: string; kind: string }>).map((h) => h.refId);
  };
  const act = async (u: string, module: string, id: string, extra: Record<string, unknown> = {}) => {
    const view = await call(u, 'GET', `${PROC}/instance`, { query: { moduleCode: module, recordId: id } });
    expect(view.body.data?.myTask, `${u} has a task`).toBeTruthy();
    const res = await call(u, 'POST', `${PROC}/approve`, { body: { taskId: view.body.data.myTask.taskId, comment: '同意', ...extra } });
    expect(res.body.code, res.body.message).toBe(0);
  };
  const typeOf = async (u: string, scope: 'office' | 'dept', prefix: string) =>
    ((await call(u, 'GET', `${A}/types`, { query: { kind: 'dispatch', scope } })).body.data as Array<{ prefix: string; id: string }>).find(
      (x) => x.prefix === prefix,
    )!.id;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('finds the seeded documents (start-up back-fill) for their readers only', async () => {
    const title = '关于报送2026年度行业运行监测数据的通知';
    // zhaolei: a document clerk (oa_receipt:manage); chenjing: its open 批示 task; admin reads all
    for (const u of ['zhaolei', 'chenjing', 'admin']) expect((await found(u, '行业运行监测数据')).length, u).toBeGreaterThan(0);
    expect(await found('huzhiqiang', '行业运行监测数据')).toEqual([]);
    const hit = (await call('zhaolei', 'GET', Q, { query: { q: '行业运行监测数据' } })).body.data.list.find(
      (h: { kind: string }) => h.kind === 'document',
    );
    expect(hit.title.map((s: { text: string }) => s.text).join('')).toBe(title);
    expect(hit.link).toMatch(/^\/receiptPreview\?id=D/);
  });

  it('a receipt: the registrar and the managers, then each task assignee and CC reader, then archivists once it may be filed', async () => {
    const save = await call('staff', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        submit: true,
        form: {
          title: '关于麒麟港口协作机制的函',
          sourceOrg: '东海港务集团',
          sourceNo: '东港函〔2026〕77号',
          secretLevel: '内部',
          urgency: '普通',
          receivedDate: '2026-11-20',
          summary: '商请建立翡翠湾联络员制度',
        },
      },
    });
    expect(save.body.code, save.body.message).toBe(0);
    const id = save.body.data.id as string;
    // the registrar (staff) and the other clerk (manager, 初审 assignee); the summary and issuing unit are searched too
    expect(await found('staff', '麒麟港口')).toContain(id);
    expect(await found('zhaolei', '翡翠湾')).toContain(id);
    expect(await found('zhaolei', '东海港务')).toContain(id);
    expect(await found('staff', '东港函')).toContain(id);
    // not yet the leader (no task yet), never an unrelated staff member
    expect(await found('leader', '麒麟港口')).not.toContain(id);
    expect(await found('huzhiqiang', '麒麟港口')).not.toContain(id);
    await act('zhaolei', 'oa_receipt', id);
    // 拟办: the leader now has a task
    expect(await found('leader', '麒麟港口')).toContain(id);
    expect(await found('leader', '麒麟港口', 'record')).not.toContain(id);
    await act('leader', 'oa_receipt', id, { formPatch: { leader: 'chenjing', handlers: ['zhangwei', 'liuyang'], readers: ['wangfang'] } });
    await act('chenjing', 'oa_receipt', id);
    expect(await found('zhangwei', '麒麟港口')).toContain(id);
    expect(await found('sunlihua', '麒麟港口')).not.toContain(id);
    await act('zhangwei', 'oa_receipt', id);
    await act('liuyang', 'oa_receipt', id);
    expect((await call('staff', 'GET', `${A}/detail`, { query: { id } })).body.data.status).toBe('done');
    // the CC reader (传阅) reads it; an outsider still does not
    expect(await found('wangfang', '麒麟港口')).toContain(id);
    expect(await found('huzhiqiang', '麒麟港口')).not.toContain(id);
    // the archivist reads it once it may be filed (to check what is filed), not while it is handled
    expect(await found('sunlihua', '麒麟港口')).toContain(id);
    const filed = await call('sunlihua', 'POST', '/oa/api/auth/oa/archive/file', { body: { docId: id, retention: 'D30' } });
    expect(filed.body.code, filed.body.message).toBe(0);
    expect(await found('sunlihua', '麒麟港口')).toContain(id);
    expect(await found('huzhiqiang', '麒麟港口')).not.toContain(id);
  });

  it('a dispatch: its recipients find it once it is distributed, and by its number', async () => {
    const save = await call('lina', 'POST', `${A}/save`, {
      body: {
        kind: 'dispatch',
        scope: 'office',
        submit: true,
        form: {
          title: '关于印发琥珀计划实施方案的通知',
          typeId: await typeOf('zhaolei', 'office', 'X协'),
          secretLevel: '内部',
          urgency: '普通',
          mainTo: '各会员单位',
          countersigners: ['liuyang', 'huangli'],
          signer: 'leader',
          bodyHtml: '<p>一、总体要求</p><p>推进珊瑚礁保护行动</p>',
        },
      },
    });
    expect(save.body.code, save.body.message).toBe(0);
    const id = save.body.data.id as string;
    // the main text is searched
    expect(await found('lina', '珊瑚礁保护')).toContain(id);
    for (const u of ['zhaolei', 'liuyang', 'huangli', 'leader']) await act(u, 'oa_dispatch', id);
    const numbered = await call('zhaolei', 'POST', `${A}/number`, { body: { id } });
    expect(numbered.body.code, numbered.body.message).toBe(0);
    const docNo = numbered.body.data.docNo as string;
    expect(await found('lina', docNo)).toContain(id);
    expect((await call('zhaolei', 'POST', `${A}/print`, { body: { id } })).body.code).toBe(0);
    expect(await found('xiaoyu', '琥珀计划')).not.toContain(id);
    const dist = await call('zhaolei', 'POST', `${A}/distribute`, { body: { id, userCodes: ['xiaoyu'], deptCodes: [], externals: [] } });
    expect(dist.body.code, dist.body.message).toBe(0);
    expect(await found('xiaoyu', '琥珀计划')).toContain(id);
    expect(await found('huzhiqiang', '琥珀计划')).not.toContain(id);
  });

  it("a department's document: its department's managers, not another department's; deleted, it is gone", async () => {
    const save = await call('lina', 'POST', `${A}/save`, {
      body: {
        kind: 'dispatch',
        scope: 'dept',
        form: {
          title: '行业发展部关于玛瑙课题分工的通知',
          typeId: await typeOf('lina', 'dept', 'X协发展'),
          secretLevel: '内部',
          urgency: '普通',
          mainTo: '部门全体',
          signer: 'zhangwei',
        },
      },
    });
    expect(save.body.code, save.body.message).toBe(0);
    const id = save.body.data.id as string;
    expect(await found('lina', '玛瑙课题')).toContain(id);
    // zhangwei leads D02 (oa_deptDispatch:manage in D02); liuyang holds the same permission in D03
    expect((await call('zhangwei', 'GET', `${A}/detail`, { query: { id } })).status).toBe(200);
    expect(await found('zhangwei', '玛瑙课题')).toContain(id);
    expect((await call('liuyang', 'GET', `${A}/detail`, { query: { id } })).status).toBe(403);
    expect(await found('liuyang', '玛瑙课题')).not.toContain(id);
    expect(await found('wuxiaodong', '玛瑙课题')).not.toContain(id);
    expect(await found('admin', '玛瑙课题')).toContain(id);
    const removed = await call('lina', 'POST', `${A}/remove`, { body: { id } });
    expect(removed.body.code, removed.body.message).toBe(0);
    expect(await found('lina', '玛瑙课题')).not.toContain(id);
    expect(await found('admin', '玛瑙课题')).not.toContain(id);
  });
});
