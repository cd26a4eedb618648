import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { WILD } from '../../../test/like-kit';

const DIALECTS = await testDialects();
const A = '/oa/api/auth/oa/documents';
const PROC = '/oa/api/auth/oa/process';

describe.each(DIALECTS)('official documents on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const call = async (u: string, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
    t.call(method, url, { ...opts, token: await as(u) });
  /** the user's open task on a document, acted on through the workflow engine */
  const act = async (
    u: string,
    module: string,
    id: string,
    action: 'approve' | 'return' = 'approve',
    extra: Record<string, unknown> = {},
  ) => {
    const view = await call(u, 'GET', `${PROC}/instance`, { query: { moduleCode: module, recordId: id } });
    expect(view.body.data?.myTask, `${u} has a task`).toBeTruthy();
    const res = await call(u, 'POST', `${PROC}/${action}`, {
      body: { taskId: view.body.data.myTask.taskId, comment: `${u}意见`, ...extra },
    });
    expect(res.body.code, res.body.message).toBe(0);
  };
  const typeId = async () =>
    (await call('zhaolei', 'GET', `${A}/types`, { query: { kind: 'dispatch', scope: 'office' } })).body.data.find(
      (x: { prefix: string }) => x.prefix === 'X协',
    ).id as string;
  const draftDispatch = async (title: string) => {
    const res = await call('lina', 'POST', `${A}/save`, {
      body: {
        kind: 'dispatch',
        scope: 'office',
        submit: true,
        form: {
          title,
          typeId: await typeId(),
          secretLevel: '内部',
          urgency: '普通',
          mainTo: '各会员单位',
          ccTo: '协会各部门',
          countersigners: ['liuyang', 'huangli'],
          signer: 'leader',
          bodyHtml: '<p>正文<script>alert(1)</script></p><p onclick="x()">一、要求</p>',
        },
      },
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.id as string;
  };
  const signDispatch = async (id: string) => {
    await act('zhaolei', 'oa_dispatch', id);
    await act('liuyang', 'oa_dispatch', id);
    await act('huangli', 'oa_dispatch', id);
    await act('leader', 'oa_dispatch', id);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('runs a receipt through 初审, 拟办, 批示, 承办 and 传阅 and keeps every opinion on the processing sheet', async () => {
    const save = await call('staff', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        submit: true,
        form: {
          title: '关于开展行业调研的通知',
          sourceOrg: '国家发展改革委',
          sourceNo: '发改办〔2026〕9号',
          secretLevel: '内部',
          urgency: '加急',
          receivedDate: '2026-11-20',
          copies: 2,
        },
      },
    });
    expect(save.body.code, save.body.message).toBe(0);
    const id = save.body.data.id as string;
    // a person not assigned to the step can neither see the process nor act on the step
    const view = await call('huzhiqiang', 'GET', `${PROC}/instance`, { query: { moduleCode: 'oa_receipt', recordId: id } });
    expect(view.status).toBe(403);
    const task = (await call('zhaolei', 'GET', `${PROC}/instance`, { query: { moduleCode: 'oa_receipt', recordId: id } })).body.data.myTask
      .taskId as string;
    const stolen = await call('huzhiqiang', 'POST', `${PROC}/approve`, { body: { taskId: task, comment: '越权' } });
    expect(stolen.body.code).not.toBe(0);
    // 初审 may send it back to the registrar, who resubmits
    await act('zhaolei', 'oa_receipt', id, 'return', { to: 'initiator' });
    expect((await call('staff', 'GET', `${A}/detail`, { query: { id } })).body.data.status).toBe('returned');
    expect((await call('staff', 'POST', `${A}/submit`, { body: { id } })).body.code).toBe(0);
    await act('zhaolei', 'oa_receipt', id);
    await act('leader', 'oa_receipt', id, 'approve', {
      formPatch: { leader: 'chenjing', handlers: ['zhangwei', 'liuyang'], readers: ['wangfang'] },
    });
    await act('chenjing', 'oa_receipt', id);
    // 承办: the lead and the assisting department handle at once
    const mid = await call('staff', 'GET', `${A}/detail`, { query: { id } });
    expect(mid.body.data.currentNodes).toBe('承办');
    await act('zhangwei', 'oa_receipt', id);
    await act('liuyang', 'oa_receipt', id);
    const done = await call('staff', 'GET', `${A}/detail`, { query: { id } });
    expect(done.body.data.status).toBe('done');
    expect(done.body.data.sheet.map((s: { node: string }) => s.node)).toEqual(expect.arrayContaining(['初审', '拟办', '领导批示', '承办']));
    expect(done.body.data.sheet.find((s: { node: string }) => s.node === '领导批示').actorName).toBe('陈静');
    // the reader got a CC copy and may read the document; someone of another department may not
    expect((await call('wangfang', 'GET', `${A}/detail`, { query: { id } })).status).toBe(200);
    const outsider = await call('huzhiqiang', 'GET', `${A}/detail`, { query: { id } });
    expect(outsider.status).toBe(403);
  });

  it('numbers a signed dispatch exactly once, consecutively, under 50 concurrent requests', async () => {
    const ids = [await draftDispatch('关于甲事项的通知'), await draftDispatch('关于乙事项的通知')];
    // numbering before signing is refused
    expect((await call('zhaolei', 'POST', `${A}/number`, { body: { id: ids[0] } })).body.code).not.toBe(0);
    for (const id of ids) await signDispatch(id);
    const before = (await call('zhaolei', 'GET', `${A}/types`, { query: { kind: 'dispatch', scope: 'office' } })).body.data.find(
      (x: { prefix: string }) => x.prefix === 'X协',
    ).nextNo as number;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('zhaolei', 'POST', `${A}/number`, { body: { id: ids[i % 2] } })),
    );
    const okNos = results.filter((r) => r.body.code === 0).map((r) => r.body.data.docNo as string);
    expect(okNos).toHaveLength(2);
    const year = new Date().getFullYear();
    expect(okNos.sort()).toEqual([`X协〔${year}〕${before}号`, `X协〔${year}〕${before + 1}号`].sort());
    // a revisited numbering step gives no second number
    const again = await call('zhaolei', 'POST', `${A}/number`, { body: { id: ids[0] } });
    expect(again.body.code).not.toBe(0);
    expect(again.body.message).toContain('已编号');
    // a reserved number is the next one; a voided one stays voided and is not given again
    const typeIdX = await typeId();
    const reserved = await call('zhaolei', 'POST', `${A}/numbers/reserve`, { body: { typeId: typeIdX, reason: '预留给年度工作报告' } });
    expect(reserved.body.data.docNo).toBe(`X协〔${year}〕${before + 2}号`);
    expect(
      (await call('zhaolei', 'POST', `${A}/numbers/void`, { body: { numberId: reserved.body.data.id, reason: '报告改以函件报送' } })).body
        .code,
    ).toBe(0);
    const book = await call('zhaolei', 'GET', `${A}/numbers`, { query: { typeId: typeIdX } });
    expect(book.body.data.find((n: { id: string }) => n.id === reserved.body.data.id)).toMatchObject({
      state: 'voided',
      reason: '报告改以函件报送',
    });
    const third = await draftDispatch('关于丙事项的通知');
    await signDispatch(third);
    expect((await call('zhaolei', 'POST', `${A}/number`, { body: { id: third } })).body.data.docNo).toBe(`X协〔${year}〕${before + 3}号`);
  });

  it('prints, distributes, records reading, renders PDF and Word, and refuses outsiders the files', async () => {
    const id = await draftDispatch('关于丁事项的通知');
    await signDispatch(id);
    await call('zhaolei', 'POST', `${A}/number`, { body: { id } });
    const printed = await call('zhaolei', 'POST', `${A}/print`, { body: { id } });
    expect(printed.body.code, printed.body.message).toBe(0);
    const dist = await call('zhaolei', 'POST', `${A}/distribute`, {
      body: { id, userCodes: ['wangfang', 'zhaolei'], deptCodes: [], externals: ['某市行业协会'] },
    });
    expect(dist.body.code, dist.body.message).toBe(0);
    // the distributor's own copy is read at once: nothing left to do
    const mine = await call('zhaolei', 'GET', `${A}/toRead`);
    expect(mine.body.data.list.find((r: { docId: string }) => r.docId === id)).toBeUndefined();
    const toRead = await call('wangfang', 'GET', `${A}/toRead`);
    expect(toRead.body.data.list.map((r: { docId: string }) => r.docId)).toContain(id);
    // the recipient's to-do centre lists it as 待阅, counts it, and opening the document records the read
    const before = (await call('wangfang', 'GET', `${PROC}/unread`)).body.data.toRead as number;
    expect(before).toBeGreaterThan(0);
    const centre = await call('wangfang', 'GET', `${PROC}/toRead`, { query: { read: 'N', pageSize: '50' } });
    const item = centre.body.data.list.find((r: { path: string }) => r.path.endsWith(`?id=${id}`));
    expect(item).toMatchObject({ source: 'documents', sourceName: '公文', title: '关于丁事项的通知', readAt: null });
    expect(item.path.startsWith('/dispatchPreview?id=')).toBe(true);
    // another person cannot mark it read; an unknown source is refused
    expect((await call('lina', 'POST', `${PROC}/toReadRead`, { body: { source: 'documents', id: item.id } })).body.code).not.toBe(0);
    expect((await call('wangfang', 'POST', `${PROC}/toReadRead`, { body: { source: 'nope', id: item.id } })).body.code).not.toBe(0);
    expect((await call('wangfang', 'POST', `${PROC}/toReadRead`, { body: { source: '', id: item.id } })).status).toBe(400);
    await call('wangfang', 'GET', `${A}/detail`, { query: { id } });
    expect((await call('wangfang', 'GET', `${PROC}/unread`)).body.data.toRead).toBe(before - 1);
    const read = await call('wangfang', 'GET', `${PROC}/toRead`, { query: { read: 'Y' } });
    expect(read.body.data.list.find((r: { id: string }) => r.id === item.id).readAt).toBeTruthy();
    const rows = (await call('zhaolei', 'GET', `${A}/distribution`, { query: { id } })).body.data as Array<{
      userCode: string | null;
      readAt: string | null;
    }>;
    expect(rows.find((r) => r.userCode === 'wangfang')!.readAt).toBeTruthy();
    const detail = await call('zhaolei', 'GET', `${A}/detail`, { query: { id } });
    expect(detail.body.data.bodyHtml).not.toMatch(/script|onclick/);
    const fileId = detail.body.data.printedFileId as string;
    const download = async (u: string) =>
      t.call('GET', '/oa/api/auth/base/system/file/download', { token: await as(u), query: { filePath: fileId } });
    expect((await download('wangfang')).status).toBe(200);
    expect((await download('huzhiqiang')).status).toBe(403);
    const pdfRes = await t.call('GET', `${A}/render/pdf`, { token: await as('zhaolei'), query: { id } });
    expect(pdfRes.status).toBe(200);
    const docx = await t.call('GET', `${A}/render/docx`, { token: await as('huzhiqiang'), query: { id } });
    expect(docx.status).toBe(403);
  });

  it('seeds documents mid-process whose tasks reach the demo users and go on in the engine', async () => {
    const todoOf = async (u: string, moduleCode: string) =>
      (await call(u, 'GET', `${PROC}/todo`, { query: { moduleCode, pageSize: '50' } })).body.data.list as Array<{
        title: string;
        nodeName: string;
        recordId: string;
      }>;
    // a receipt awaiting the leader's 批示
    const receipt = (await todoOf('chenjing', 'oa_receipt')).find((x) => x.title === '关于报送2026年度行业运行监测数据的通知');
    expect(receipt?.nodeName).toBe('领导批示');
    await act('chenjing', 'oa_receipt', receipt!.recordId);
    expect((await todoOf('zhangwei', 'oa_receipt')).find((x) => x.recordId === receipt!.recordId)?.nodeName).toBe('承办');
    // a dispatch countersigned by 会员服务部, awaiting 财务部
    const dispatch = (await todoOf('huangli', 'oa_dispatch')).find((x) => x.title === '关于开展2026年度会员单位满意度调查的通知');
    expect(dispatch?.nodeName).toBe('会签');
    expect((await todoOf('liuyang', 'oa_dispatch')).find((x) => x.recordId === dispatch!.recordId)).toBeUndefined();
    await act('huangli', 'oa_dispatch', dispatch!.recordId);
    expect((await todoOf('leader', 'oa_dispatch')).find((x) => x.recordId === dispatch!.recordId)?.nodeName).toBe('签发');
  });

  it('answers bad input with 400 naming the field and writes nothing', async () => {
    const bad = await call('staff', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        form: { title: '', sourceOrg: 'X', secretLevel: '内部', urgency: '普通', receivedDate: '2026-01-01' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('form.title');
    const badDate = await call('staff', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        form: { title: 'x', sourceOrg: 'X', secretLevel: '内部', urgency: '普通', receivedDate: '20260101' },
      },
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.data.field).toBe('form.receivedDate');
    const badUser = await call('lina', 'POST', `${A}/save`, {
      body: {
        kind: 'dispatch',
        scope: 'office',
        form: { title: 'x', typeId: await typeId(), secretLevel: '内部', urgency: '普通', mainTo: 'a', signer: 'nobody' },
      },
    });
    expect(badUser.status).toBe(400);
    expect(badUser.body.data.field).toBe('form.signer');
    expect((await call('staff', 'POST', `${A}/save`, { body: { kind: 'memo', form: {} } })).status).toBe(400);
    // registering receipts needs the clerk's permission
    const denied = await call('guomin', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        form: { title: 'x', sourceOrg: 'X', secretLevel: '内部', urgency: '普通', receivedDate: '2026-01-01' },
      },
    });
    expect(denied.status).toBe(403);
    expect((await call('guomin', 'GET', `${A}/list`, { query: { kind: 'receipt', box: 'all' } })).status).toBe(403);
  });

  it('the keyword and the source organisation match % and _ as written', async () => {
    const docs = await t.ctx.db
      .selectFrom('doc_document')
      .select('id')
      .where('kind', '=', 'receipt')
      .where('scope', '=', 'office')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(docs).toHaveLength(2);
    for (const [i, text] of [WILD.literal, WILD.lookalike].entries())
      await t.ctx.db.updateTable('doc_document').set({ title: text, source_org: text }).where('id', '=', docs[i].id).execute();
    const titles = async (query: Record<string, string>) =>
      (await call('admin', 'GET', `${A}/list`, { query: { kind: 'receipt', box: 'all', pageSize: '100', ...query } })).body.data.list.map(
        (d: { title: string }) => d.title,
      );
    expect(await titles({ keyword: WILD.literal })).toEqual([WILD.literal]);
    expect(await titles({ sourceOrg: WILD.literal })).toEqual([WILD.literal]);
    expect(await titles({ keyword: '%' })).toEqual([]);
    expect(await titles({ sourceOrg: '%' })).toEqual([]);
  });
});
