import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { multipartBody, rawGet } from '../../../test/upload-kit';

const DIALECTS = await testDialects();
const P = '/oa/api/auth/oa/salary';

async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('工资');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const HEADER = ['工号', '姓名', '手机号', '银行卡号', '基本工资', '加班费', '实发工资'];

describe.each(DIALECTS)('salary slips on %s', (dialect) => {
  let t: TestApp;
  let finance: string; // huangli: salary_admin + role 014
  let clerk: string; // xuming: salary_admin + 014
  let staff: string;
  let leader: string;
  let batchId: string;
  const upload = (token: string, buf: Buffer, fields: Record<string, string>, name = '工资.xlsx') => {
    const mp = multipartBody({ name, content: buf }, fields);
    return t.call('POST', `${P}/import`, { token, body: mp.body, headers: mp.headers });
  };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [finance, clerk, staff, leader] = await Promise.all([t.login('huangli'), t.login('xuming'), t.login('staff'), t.login('leader')]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses import to staff and bad input with 400 naming the field; writes nothing', async () => {
    const good = await xlsx([HEADER, ['staff', '刘小雨', '', '6222020200112233445', 8000, 0, 8000]]);
    expect((await upload(staff, good, { month: '2025-12' })).status).toBe(403);
    const noMonth = await upload(finance, good, { month: '2025-13' });
    expect(noMonth.status).toBe(400);
    expect(noMonth.body.data).toEqual({ field: 'month' });
    const notExcel = await upload(finance, Buffer.from('hello'), { month: '2025-12' });
    expect(notExcel.status).toBe(400);
    expect(notExcel.body.data).toEqual({ field: 'file' });
    const list = await t.call('GET', `${P}/batches`, { token: finance, query: { month: '2025-12' } });
    expect(list.body.data.total).toBe(0);
  });

  it('lists every unmatched row and sends nothing until all match', async () => {
    const buf = await xlsx([
      HEADER,
      ['staff', '刘小雨', '', '6222020200112233445', 8000, 0, 8000],
      ['', '陈静', '15021320624', '6222020200199998888', 9000, 300, 9300],
      ['nobody', '查无此人', '13000000000', '', 5000, 0, 5000],
    ]);
    const res = await upload(finance, buf, { month: '2025-12' });
    expect(res.body.code).toBe(0);
    batchId = res.body.data.batch.id;
    expect(res.body.data.batch.items).toEqual(['基本工资', '加班费', '实发工资']);
    expect(res.body.data.unmatchedRows).toEqual(['第 4 行：工号“nobody”不存在，且姓名“查无此人”与手机号未匹配到人员']);
    const send = await t.call('POST', `${P}/send`, { token: finance, body: { id: batchId } });
    expect(send.body.code).not.toBe(0);
    expect(send.body.message).toContain('1 行未匹配');
    // nothing reached staff
    await t.call('POST', `${P}/verify`, { token: staff, body: { password: hashPassword('Oa@123456') } });
    const mine = await t.call('GET', `${P}/mine`, { token: staff, query: { year: '2025' } });
    expect(mine.body.data.total).toBe(0);
  });

  it('re-imports the fixed file into the same batch, sends; two senders at once: one wins', async () => {
    const buf = await xlsx([
      HEADER,
      ['staff', '刘小雨', '', '6222020200112233445', 8000, 0, 8000],
      ['', '陈静', '15021320624', '6222020200199998888', 9000, 300, 9300],
    ]);
    const res = await upload(finance, buf, { month: '2025-12', batchId });
    expect(res.body.data.unmatchedRows).toEqual([]);
    const [a, b] = await Promise.all([
      t.call('POST', `${P}/send`, { token: finance, body: { id: batchId } }),
      t.call('POST', `${P}/send`, { token: clerk, body: { id: batchId } }),
    ]);
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
  });

  it('shows a person only their own slip, after confirming identity; zero items hidden', async () => {
    const s2 = await t.login('staff');
    const before = await t.call('GET', `${P}/mine`, { token: s2 });
    // the HTTP status and the envelope's code agree (issue 32: it answered HTTP 200 with code 403)
    expect([before.status, before.body.code]).toEqual([403, 403]);
    const wrong = await t.call('POST', `${P}/verify`, { token: s2, body: { password: hashPassword('wrong') } });
    expect(wrong.body.code).not.toBe(0);
    const badBody = await t.call('POST', `${P}/verify`, { token: s2, body: { password: 'x' } });
    expect(badBody.status).toBe(400);
    const ok = await t.call('POST', `${P}/verify`, { token: s2, body: { password: hashPassword('Oa@123456') } });
    expect(ok.body.data.verified).toBe(true);
    const mine = await t.call('GET', `${P}/mine`, { token: s2, query: { year: '2025' } });
    expect(mine.body.data.list).toHaveLength(1);
    const slip = await t.call('GET', `${P}/slip`, { token: s2, query: { id: mine.body.data.list[0].id } });
    expect(slip.body.data.items.map((i: { name: string }) => i.name)).toEqual(['基本工资', '实发工资']);
    expect(slip.body.data.bankCard).toBe('6222 **** **** 3445');
    expect((await t.call('POST', `${P}/confirm`, { token: s2, body: { id: slip.body.data.id } })).body.code).toBe(0);
  });

  it("nobody reads another person's slip by id, list, or export", async () => {
    const detail = await t.call('GET', `${P}/batch`, { token: finance, query: { id: batchId } });
    const chen = detail.body.data.rows.find((r: { userCode: string }) => r.userCode === 'chenjing');
    expect(chen.bankCard).toBe('6222020200199998888'); // role 014 sees the full number
    await t.call('POST', `${P}/verify`, { token: leader, body: { password: hashPassword('Oa@123456') } });
    const byId = await t.call('GET', `${P}/slip`, { token: leader, query: { id: chen.id } });
    expect(byId.status).toBe(404);
    const list = await t.call('GET', `${P}/mine`, { token: leader, query: { year: '2025' } });
    expect(list.body.data.total).toBe(0);
    expect((await t.call('GET', `${P}/batch`, { token: leader, query: { id: batchId } })).status).toBe(403);
    expect((await rawGet(t, `${P}/export?id=${batchId}`, leader)).statusCode).toBe(403);
    expect((await t.call('GET', `${P}/batches`, { token: staff })).status).toBe(403);
    const exp = await rawGet(t, `${P}/export?id=${batchId}`, finance);
    expect(exp.statusCode).toBe(200);
    const audit = await t.ctx.db.selectFrom('sys_audit').select('action').where('action', 'like', 'salary.%').execute();
    const actions = audit.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['salary.export', 'salary.slip.view', 'salary.batch.view', 'salary.send']));
  });

  it('imports a sheet as finance makes it: merged title row, note rows, amounts typed as text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('工资');
    ws.addRow(['协会2026年11月工资表']);
    ws.mergeCells(1, 1, 1, 5);
    ws.addRow(['单位：元']);
    ws.addRow(['序号', '工号', '姓名', '基本工资', '实发工资']);
    ws.addRow([1, 'staff', '刘小雨', '2,000.00', '1,999.5']);
    ws.addRow(['制表人：黄丽　审核人：徐明']);
    ws.mergeCells(5, 1, 5, 5);
    const res = await upload(finance, Buffer.from(await wb.xlsx.writeBuffer()), { month: '2025-11' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.batch.items).toEqual(['基本工资', '实发工资']);
    expect(res.body.data.unmatchedRows).toEqual([]);
    expect(res.body.data.rows.map((r: { rowNo: number; items: unknown }) => [r.rowNo, r.items])).toEqual([
      [
        4,
        [
          { name: '基本工资', value: '2000' },
          { name: '实发工资', value: '1999.50' },
        ],
      ],
    ]);
  });

  it('masks bank cards for finance without role 014 and after withdrawal hides the slips', async () => {
    await t.ctx.db.deleteFrom('sys_user_role').where('user_code', '=', 'xuming').where('role_code', '=', '014').execute();
    const clerk2 = await t.login('xuming');
    const d = await t.call('GET', `${P}/batch`, { token: clerk2, query: { id: batchId } });
    expect(d.body.data.rows[0].bankCard).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
    expect(d.body.data.batch.confirmedCount).toBe(1);
    expect((await t.call('POST', `${P}/withdraw`, { token: finance, body: { id: batchId } })).body.code).toBe(0);
    const s3 = await t.login('staff');
    await t.call('POST', `${P}/verify`, { token: s3, body: { password: hashPassword('Oa@123456') } });
    expect((await t.call('GET', `${P}/mine`, { token: s3, query: { year: '2025' } })).body.data.total).toBe(0);
    expect((await t.call('POST', `${P}/send`, { token: finance, body: { id: batchId } })).body.code).toBe(0);
    expect((await t.call('GET', `${P}/mine`, { token: s3, query: { year: '2025' } })).body.data.total).toBe(1);
  });
});
