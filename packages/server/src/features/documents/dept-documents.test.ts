import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { pdfPageCount } from '../../lib/pdf-pages';
import { docNoText } from '@oa/shared/contract/documents';

const DIALECTS = await testDialects();
const A = '/oa/api/auth/oa/documents';
const PROC = '/oa/api/auth/oa/process';

/** Department-level documents (issue 32): a clerk registers, the leader instructs and names the handlers, nothing finishes unhandled. */
describe.each(DIALECTS)('department documents on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const as = async (u: string) => tokens.get(u) ?? tokens.set(u, await t.login(u)).get(u)!;
  const call = async (u: string, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
    t.call(method, url, { ...opts, token: await as(u) });
  const view = async (u: string, module: string, id: string) =>
    (await call(u, 'GET', `${PROC}/instance`, { query: { moduleCode: module, recordId: id } })).body.data;
  const approve = async (u: string, module: string, id: string, extra: Record<string, unknown> = {}) => {
    const v = await view(u, module, id);
    expect(v?.myTask, `${u} has a task`).toBeTruthy();
    return call(u, 'POST', `${PROC}/approve`, { body: { taskId: v.myTask.taskId, comment: '同意', ...extra } });
  };
  const detail = async (u: string, id: string) => (await call(u, 'GET', `${A}/detail`, { query: { id } })).body.data;
  const register = async (u: string, title: string) => {
    const res = await call(u, 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'dept',
        submit: true,
        form: { title, sourceOrg: '市行业协会', secretLevel: '内部', urgency: '普通', receivedDate: '2026-11-20' },
      },
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('a clerk registers, the leader instructs and names the handlers, the handler finishes it', async () => {
    const id = await register('hanxue', '关于报送行业数据的通知');
    expect((await detail('hanxue', id)).status).toBe('running');
    // 批示 cannot pass with nobody named to handle it: 400 naming the field, nothing moves
    const empty = await approve('zhangwei', 'oa_deptReceipt', id);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('承办人');
    expect((await detail('hanxue', id)).currentNodes).toBe('部门领导批示');
    const ok = await approve('zhangwei', 'oa_deptReceipt', id, { formPatch: { handlers: ['lina'], readers: ['mawentao'] } });
    expect(ok.body.code, ok.body.message).toBe(0);
    const mid = await detail('hanxue', id);
    expect([mid.status, mid.currentNodes]).toEqual(['running', '承办']);
    expect((await approve('lina', 'oa_deptReceipt', id)).body.code).toBe(0);
    await view('mawentao', 'oa_deptReceipt', id); // the reader opens it at 传阅
    const done = await detail('hanxue', id);
    expect(done.status).toBe('done');
    type Line = { node: string; action: string; actorName: string; comment: string | null };
    const sheet = done.sheet as Line[];
    expect(sheet.map((s) => s.actorName)).toEqual(expect.arrayContaining(['张伟', '李娜']));
    // the 处理笺 reads in Chinese: no engine word, whom 批示 named, who read at 传阅
    for (const line of sheet) expect(`${line.node}|${line.action}|${line.actorName}|${line.comment ?? ''}`).not.toMatch(/[A-Za-z]/);
    expect(sheet.find((s) => s.action === '指定人员')?.comment).toBe('承办人：李娜；传阅人：马文涛');
    expect(sheet.find((s) => s.node === '传阅' && s.actorName === '马文涛')?.action).toBe('已阅');
  });

  it("a leader's own registration waits for his instruction, and a department without a receipt leader goes to its leader", async () => {
    const own = await register('zhangwei', '部门负责人自行登记的来文');
    const d = await detail('zhangwei', own);
    expect([d.status, d.currentNodes]).toEqual(['running', '部门领导批示']);
    expect((await view('zhangwei', 'oa_deptReceipt', own)).myTask).toBeTruthy();
    // 会员服务部 has no 012 role holder: its leader 刘洋 instructs
    const other = await register('huzhiqiang', '会员服务部来文');
    expect((await view('liuyang', 'oa_deptReceipt', other)).myTask).toBeTruthy();
    expect((await detail('huzhiqiang', other)).status).toBe('running');
  });

  it('a department dispatch runs 核稿 → 会签 → 签发 and is numbered, printed and sent in the department', async () => {
    const type = (await call('hanxue', 'GET', `${A}/types`, { query: { kind: 'dispatch', scope: 'dept' } })).body.data[0];
    expect(type?.id).toBeTruthy();
    const save = await call('mawentao', 'POST', `${A}/save`, {
      body: {
        kind: 'dispatch',
        scope: 'dept',
        submit: true,
        form: {
          title: '关于行业发展部调研安排的通知',
          typeId: type.id,
          secretLevel: '内部',
          urgency: '普通',
          mainTo: '部门各组',
          countersigners: ['lina'],
          signer: 'zhangwei',
          bodyHtml: '<p>正文</p>',
        },
      },
    });
    expect(save.body.code, save.body.message).toBe(0);
    const id = save.body.data.id as string;
    expect((await detail('mawentao', id)).currentNodes).toBe('部门负责人核稿');
    expect((await approve('zhangwei', 'oa_deptDispatch', id)).body.code).toBe(0);
    expect((await approve('lina', 'oa_deptDispatch', id)).body.code).toBe(0);
    expect((await detail('mawentao', id)).currentNodes).toBe('签发');
    expect((await approve('zhangwei', 'oa_deptDispatch', id)).body.code).toBe(0);
    const signed = await detail('hanxue', id);
    expect(signed.status).toBe('signed');
    expect(signed.can.number).toBe(true);
    // another department's clerk manages nothing here
    expect((await call('huzhiqiang', 'POST', `${A}/number`, { body: { id } })).body.code).not.toBe(0);
    const numbered = await call('hanxue', 'POST', `${A}/number`, { body: { id } });
    expect(numbered.body.code, numbered.body.message).toBe(0);
    expect((await call('hanxue', 'POST', `${A}/print`, { body: { id } })).body.code).toBe(0);
    const sent = await call('hanxue', 'POST', `${A}/distribute`, { body: { id, userCodes: ['wuxiaodong'], deptCodes: [], externals: [] } });
    expect(sent.body.code, sent.body.message).toBe(0);
    expect((await detail('wuxiaodong', id)).status).toBe('distributed');
    // 分发 reaches each internal recipient's channels once (issue 33), linked to the document
    const told = await t.ctx.db
      .selectFrom('notify_outbox')
      .select(['user_code', 'link'])
      .where('event', '=', 'distribute')
      .where('link', 'like', `%${id}`)
      .execute();
    expect(told).toEqual([{ user_code: 'wuxiaodong', link: `/oa/deptDispatchPreview?id=${id}` }]);
    // filed, its 页数 is the printed PDF's page count, not the number typed in
    const pdf = await t.call('GET', `${A}/render/pdf`, { token: await as('hanxue'), query: { id } });
    const filed = await call('sunlihua', 'POST', '/oa/api/auth/oa/archive/file', { body: { docId: id, retention: 'D10', pages: 99 } });
    expect(filed.body.code, filed.body.message).toBe(0);
    expect(filed.body.data.pages).toBe(pdfPageCount(pdf.raw));
    expect(filed.body.data.pages).toBeGreaterThan(0);
  });

  it('the 批示领导 picker offers leaders only, and a non-leader is refused as 批示领导', async () => {
    const offered = ((await call('staff', 'GET', `${A}/leaders`)).body.data as Array<{ userCode: string }>).map((u) => u.userCode);
    expect(offered).toEqual(expect.arrayContaining(['leader', 'chenjing', 'zhangwei', 'liuyang']));
    expect(offered).not.toContain('staff');
    expect(offered).not.toContain('hanxue');
    const bad = await call('staff', 'POST', `${A}/save`, {
      body: {
        kind: 'receipt',
        scope: 'office',
        submit: false,
        form: {
          title: '批示领导校验',
          sourceOrg: '某单位',
          secretLevel: '内部',
          urgency: '普通',
          receivedDate: '2026-11-20',
          leader: 'hanxue',
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('批示领导');
  });

  it('an unnumbered dispatch shows 未编号 in its 发文字号 column, never its internal serial', () => {
    expect(docNoText({ kind: 'dispatch', docNo: null, serialNo: 'FW20260001' })).toBe('未编号');
    expect(docNoText({ kind: 'dispatch', docNo: 'X协〔2026〕3号', serialNo: 'FW20260001' })).toBe('X协〔2026〕3号');
  });
});
