import { addDays, chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base, decide, fakeFile, fakeWorkflow } from '../../../test/records/records-fixture';
import { signedHeaders } from '../../../test/signed-headers';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('records list, export and access on %s', (dialect) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  const fake = fakeWorkflow(['lina']);
  const ids: Record<string, string> = {};
  const stamp = (reason: string, sealType: string, copies: number, files: unknown[]) => ({ reason, sealType, copies, files });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    if (!t.ctx.workflow) t.ctx.workflow = fake;
    tokens = {};
    for (const u of ['staff', 'zhaolei', 'leader', 'zhangwei', 'lina', 'admin']) tokens[u] = await t.login(u);
    const sf = await fakeFile(t, 'staff');
    const zf = await fakeFile(t, 'zhaolei');
    for (let i = 0; i < 12; i++) {
      const res = await t.call('POST', `${base('oa_stamp')}/submit`, {
        token: tokens.staff,
        body: { data: stamp(`年度报告${i}`, i % 3 === 0 ? '公章' : '合同专用章', i + 1, [sf]) },
      });
      ids[`s${i}`] = res.body.data.id;
    }
    await decide(t, 'oa_stamp', ids.s0, 'approved');
    await decide(t, 'oa_stamp', ids.s1, 'returned');
    ids.draft = (
      await t.call('POST', `${base('oa_stamp')}/save`, { token: tokens.staff, body: { data: { reason: '草稿事由' } } })
    ).body.data.id;
    ids.z = (
      await t.call('POST', `${base('oa_stamp')}/submit`, { token: tokens.zhaolei, body: { data: stamp('赵磊的用印', '法人章', 2, [zf]) } })
    ).body.data.id;
    ids.zdraft = (
      await t.call('POST', `${base('oa_stamp')}/save`, { token: tokens.zhaolei, body: { data: { reason: '赵磊草稿' } } })
    ).body.data.id;
  });
  afterAll(async () => t?.close());

  const list = (token: string, query: Record<string, string> = {}) => t.call('GET', `${base('oa_stamp')}/list`, { token, query });

  it('pages my records, newest first', async () => {
    const p1 = await list(tokens.staff, { pageSize: '5' });
    expect(p1.body.data).toMatchObject({ total: 13, pageNumber: 1, pageSize: 5 });
    expect(p1.body.data.list).toHaveLength(5);
    expect(p1.body.data.list[0].id).toBe(ids.draft);
    const p3 = await list(tokens.staff, { pageSize: '5', pageNumber: '3' });
    expect(p3.body.data.list).toHaveLength(3);
    expect(p3.body.data.list.at(-1).id).toBe(ids.s0);
  });

  it('filters by fields and common columns', async () => {
    const f = (filters: object) => list(tokens.staff, { filters: JSON.stringify(filters), pageSize: '50' });
    expect((await f({ sealType: '公章' })).body.data.total).toBe(4);
    expect((await f({ sealType: ['公章', '法人章'], status: 'running' })).body.data.total).toBe(3);
    expect((await f({ status: ['approved', 'returned'] })).body.data.total).toBe(2);
    expect((await f({ copies: [5, 7] })).body.data.total).toBe(3);
    expect((await f({ copies: [null, 2] })).body.data.total).toBe(2);
    expect((await f({ reason: '报告1' })).body.data.total).toBe(3); // 1, 10, 11
    // a date range is China's days: a record made at 05:31 China time (21:31 UTC the day before) is today's
    const today = chinaDate();
    const early = t.ctx.db.updateTable('business_record').where('id', '=', ids.s0);
    const { created_at: madeAt } = await t.ctx.db
      .selectFrom('business_record')
      .select('created_at')
      .where('id', '=', ids.s0)
      .executeTakeFirstOrThrow();
    await early.set({ created_at: chinaInstant(today, '05:31') }).execute();
    expect((await f({ createdAt: [today, today] })).body.data.total).toBe(13);
    expect((await f({ createdAt: [addDays(today, -1), addDays(today, -1)] })).body.data.total).toBe(0);
    await early.set({ created_at: madeAt }).execute();
    expect((await f({ createdAt: ['2026-13-01', today] })).status).toBe(400);
    expect((await f({ createdAt: ['2000-01-01', '2000-12-31'] })).body.data.total).toBe(0);
    expect((await f({ serialNo: 'YY' })).body.data.total).toBe(12);
    const bad = await list(tokens.staff, { filters: '{"nosuch":1}' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('filters.nosuch');
    expect((await list(tokens.staff, { filters: 'not json' })).status).toBe(400);
    expect((await list(tokens.staff, { filters: '{"files":"x"}' })).status).toBe(400);
  });

  it('filters trips by date-range overlap, money range, select, user and department', async () => {
    const trip = (destination: string, from: string, to: string, budget: number, transport: string, companions: string[]) => ({
      destination,
      dateRange: [from, to],
      transport,
      budget,
      reason: '调研',
      companions,
    });
    for (const d of [
      trip('上海', '2026-04-01', '2026-04-03', 1000, '高铁', ['zhaolei']),
      trip('广州', '2026-04-10', '2026-04-12', 3000.5, '飞机', []),
      trip('成都', '2026-05-01', '2026-05-02', 500, '飞机', ['zhaolei', 'lina']),
    ]) {
      expect((await t.call('POST', `${base('oa_btrip')}/submit`, { token: tokens.staff, body: { data: d } })).body.code).toBe(0);
    }
    const f = async (filters: object) =>
      (await t.call('GET', `${base('oa_btrip')}/list`, { token: tokens.staff, query: { filters: JSON.stringify(filters) } })).body.data
        .total as number;
    expect(await f({ dateRange: ['2026-04-03', '2026-04-10'] })).toBe(2);
    expect(await f({ dateRange: ['2026-04-04', '2026-04-09'] })).toBe(0);
    expect(await f({ dateRange: [null, '2026-04-30'] })).toBe(2);
    expect(await f({ budget: [999.99, 3000.5] })).toBe(2);
    expect(await f({ transport: ['飞机'], budget: [null, 600] })).toBe(1);
    expect(await f({ companions: 'zhaolei' })).toBe(2);
    expect(await f({ dept: 'D01' })).toBe(3);
    expect(await f({ dept: 'D02' })).toBe(0);
    expect(await f({ destination: '广' })).toBe(1);
  });

  it("shows department leaders their department, managers everything, never others' drafts", async () => {
    const mine = await list(tokens.zhaolei, { pageSize: '50' });
    expect(mine.body.data.total).toBe(2);
    const lead = await list(tokens.leader, { pageSize: '50' });
    expect(lead.body.data.total).toBe(13); // 12 submitted by staff + 1 by zhaolei, no drafts
    expect((await list(tokens.zhangwei, { pageSize: '50' })).body.data.total).toBe(0);
    const manage = await list(tokens.admin, { view: 'manage', pageSize: '50' });
    expect(manage.body.data.total).toBe(13);
    const refused = await list(tokens.staff, { view: 'manage' });
    expect(refused.status).toBe(403);
  });

  it('lets the applicant, leaders, managers and participants read a record; nobody else', async () => {
    const get = (token: string, id: string) => t.call('GET', `${base('oa_stamp')}/get`, { token, query: { id } });
    expect((await get(tokens.staff, ids.s2)).body.code).toBe(0);
    expect((await get(tokens.zhaolei, ids.s2)).status).toBe(404);
    expect((await get(tokens.zhangwei, ids.s2)).status).toBe(404);
    expect((await get(tokens.leader, ids.s2)).body.data.can).toMatchObject({ edit: false, manage: false });
    expect((await get(tokens.admin, ids.s2)).body.data.can.manage).toBe(true);
    if (t.ctx.workflow === fake) expect((await get(tokens.lina, ids.s2)).body.code).toBe(0); // fake: lina participates
    expect((await get(tokens.leader, ids.zdraft)).status).toBe(404);
    expect((await get(tokens.staff, 'R-nosuch')).status).toBe(404);
    expect((await t.call('GET', `${base('oa_stamp')}/get`, { query: { id: ids.s2 } })).status).toBe(401);
    // only the applicant edits, deletes and withdraws
    expect((await t.call('POST', `${base('oa_stamp')}/delete`, { token: tokens.staff, body: { id: ids.zdraft } })).status).toBe(404);
    expect((await t.call('POST', `${base('oa_stamp')}/withdraw`, { token: tokens.zhaolei, body: { id: ids.s3 } })).status).toBe(404);
    expect((await t.call('POST', `${base('oa_stamp')}/save`, { token: tokens.zhaolei, body: { id: ids.draft, data: {} } })).status).toBe(
      404,
    );
  });

  it('returned and withdrawn records are edited and resubmitted under the same serial number', async () => {
    const before = (await t.call('GET', `${base('oa_stamp')}/get`, { token: tokens.staff, query: { id: ids.s1 } })).body.data;
    expect(before).toMatchObject({ status: 'returned', can: { edit: true, submit: true } });
    const again = await t.call('POST', `${base('oa_stamp')}/submit`, {
      token: tokens.staff,
      body: { id: ids.s1, data: { ...before.data, copies: 9 } },
    });
    expect(again.body.data).toMatchObject({ status: 'running', serialNo: before.serialNo, data: { copies: 9 } });
    const w = await t.call('POST', `${base('oa_stamp')}/withdraw`, { token: tokens.staff, body: { id: ids.s4 } });
    expect(w.body.data.status).toBe('withdrawn');
    expect((await t.call('POST', `${base('oa_stamp')}/withdraw`, { token: tokens.staff, body: { id: ids.s4 } })).body.code).not.toBe(0);
    const del = await t.call('POST', `${base('oa_stamp')}/delete`, { token: tokens.staff, body: { id: ids.s4 } });
    expect(del.body.message).toBe('只能删除草稿');
    expect((await t.call('POST', `${base('oa_stamp')}/delete`, { token: tokens.staff, body: { id: ids.draft } })).body.code).toBe(0);
    expect((await t.call('GET', `${base('oa_stamp')}/get`, { token: tokens.staff, query: { id: ids.draft } })).status).toBe(404);
  });

  it('checks the module permission on every call (403 without it)', async () => {
    await t.ctx.db.deleteFrom('sys_role_function').where('fun_code', 'in', ['oa_lend:create', 'oa_lend:read']).execute();
    const token = await t.login('sunlihua');
    const res = await t.call('POST', `${base('oa_lend')}/save`, { token, body: { data: { item: '椅子' } } });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('oa_lend:create');
    expect((await t.call('GET', `${base('oa_lend')}/list`, { token })).status).toBe(403);
    expect((await t.call('GET', `${base('oa_lend')}/export`, { token })).status).toBe(403);
  });

  it('exports the list as an xlsx that ExcelJS opens', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base('oa_stamp')}/export?filters=${encodeURIComponent(JSON.stringify({ sealType: '公章' }))}`,
      headers: await signedHeaders(`${base('oa_stamp')}/export`, tokens.staff, t.config),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('用印申请');
    expect(ws.getRow(1).getCell(1).value).toBe('编号');
    expect(ws.rowCount).toBe(1 + 4);
    const header = (ws.getRow(1).values as unknown[]).map(String);
    expect(header).toContain('用印份数');
    expect((ws.getRow(2).values as unknown[]).map(String)).toContain('公章');
  });
});
