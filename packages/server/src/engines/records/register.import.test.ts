import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { REGISTERS, registerByCode } from '@oa/shared/modules/registers';
import { importFields } from '@oa/shared/modules/register-kit';
import { IMPORT_MAX_ROWS } from '@oa/shared/contract/registers';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { rawGet } from '../../../test/upload-kit';
import { count, sampleSheet, upload, xlsx } from '../../../test/records/register-kit';

/**
 * Excel import of every register, table-driven (issue 6), on SQLite and PostgreSQL:
 * - every register: a valid file imports all rows; one bad row → nothing imported and the row reported
 *   by number and column; `skipInvalid` imports the rest; a wrong header imports nothing and names the
 *   missing and unknown columns; the template's header is the import header; export reads back.
 * - 5,000 rows for two (phone bills, staff records); a
 *   small file (30 rows) for the rest — the import code path is the same for all.
 */

const DIALECTS = await testDialects();
const BIG = new Set(['office_tel', 'hr_staff']);
const timings: string[] = [];
/** The large sheets, written once for both dialects (5,000 rows take ExcelJS seconds to write). */
const written = new Map<string, Promise<Buffer>>();
const once = (key: string, write: () => Promise<Buffer>) => written.get(key) ?? written.set(key, write()).get(key)!;

describe.each(DIALECTS)('register import on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (timings.length) console.info(timings.join('\n'));
  });

  it.each(REGISTERS.map((r) => [r.code] as const))(
    '%s: valid rows, a bad row, skipInvalid, a wrong header',
    async (code) => {
      const m = registerByCode(code)!;
      const before = await count(t, code);
      const n = BIG.has(code) ? 5000 : 30;
      const { header } = sampleSheet(m, 0);
      const file = await once(code, async () => {
        const { rows } = sampleSheet(m, n);
        return xlsx(header, rows);
      });
      const started = performance.now();
      const ok = await upload(t, admin, code, file);
      const ms = performance.now() - started;
      if (n === 5000) timings.push(`${dialect} ${code}: ${n} rows imported in ${Math.round(ms)} ms`);
      expect(ok.body.code, ok.body.message).toBe(0);
      expect(ok.body.data).toMatchObject({ imported: n, total: n, errors: [], committed: true });
      expect(await count(t, code)).toBe(before + n);

      // one bad row (row 3 of the sheet): nothing imported, the row named by number and column
      const more = sampleSheet(m, 3, 100_000);
      const required = importFields(m).findIndex(([, f]) => f.required);
      more.rows[1][required] = null;
      const bad = await upload(t, admin, code, await xlsx(more.header, more.rows));
      expect(bad.body.code).toBe(0);
      expect(bad.body.data.committed).toBe(false);
      expect(bad.body.data.imported).toBe(0);
      expect(bad.body.data.errors[0]).toMatchObject({ row: 3, column: header[required] });
      expect(bad.body.message).toContain('未导入任何数据');
      expect(await count(t, code)).toBe(before + n);

      const skip = await upload(t, admin, code, await xlsx(more.header, more.rows), { skipInvalid: 'true' });
      expect(skip.body.data).toMatchObject({ imported: 2, total: 3, committed: true });
      expect(await count(t, code)).toBe(before + n + 2);

      // a wrong header: one column renamed → refused whole, naming both
      const wrong = [...header];
      wrong[0] = `${header[0]}X`;
      const refused = await upload(t, admin, code, await xlsx(wrong, sampleSheet(m, 2, 200_000).rows));
      expect(refused.body.code).not.toBe(0);
      expect(refused.body.message).toContain(`缺少列：${header[0]}`);
      expect(refused.body.message).toContain(`无法识别的列：${header[0]}X`);
      expect(await count(t, code)).toBe(before + n + 2);
    },
    120_000,
  );

  it('reports duplicates within the file and against stored rows, unknown people and options', async () => {
    const m = registerByCode('hr_staff')!;
    const { header, rows } = sampleSheet(m, 3, 300_000);
    rows[2] = [...rows[1]];
    rows[0][header.indexOf('所在部门')] = '不存在的部门';
    rows[1][header.indexOf('在职状态')] = '在岗';
    const res = await upload(t, admin, 'hr_staff', await xlsx(header, rows));
    expect(res.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: '所在部门', message: '所在部门「不存在的部门」不存在' },
        { row: 3, column: '在职状态', message: '在职状态应为：在职、离职、退休、停薪留职' },
      ]),
    );
    const dupe = sampleSheet(m, 2, 300_010);
    dupe.rows[1] = [...dupe.rows[0]];
    const d = await upload(t, admin, 'hr_staff', await xlsx(dupe.header, dupe.rows));
    expect(d.body.data.errors.map((e: { message: string }) => e.message)).toContain('工号与第 2 行重复');
    const again = sampleSheet(m, 1, 0);
    const stored = await upload(t, admin, 'hr_staff', await xlsx(again.header, again.rows));
    expect(stored.body.data.errors.map((e: { message: string }) => e.message)).toContain('工号已存在');
  });

  it('accepts names for people and departments, Excel dates, and ignores the export-only columns', async () => {
    const m = registerByCode('office_tel')!;
    const { header, rows } = sampleSheet(m, 1, 400_000);
    rows[0][header.indexOf('使用人')] = '系统管理员';
    rows[0][header.indexOf('使用部门')] = '办公室';
    rows[0][header.indexOf('账单月份')] = new Date(Date.UTC(2026, 4, 1));
    rows[0][header.indexOf('缴费日期')] = '2026/5/8';
    const res = await upload(t, admin, 'office_tel', await xlsx([...header, '个人承担', '编号'], [[...rows[0], 99, 'X']]));
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ imported: 1, committed: true });
    const list = await t.call('GET', '/oa/api/auth/oa/records/office_tel/list', {
      token: admin,
      query: { filters: JSON.stringify({ month: '2026-05' }) },
    });
    expect(list.body.data.list[0].data).toMatchObject({
      user: 'admin',
      dept: 'D01',
      month: '2026-05',
      payDate: '2026-05-08',
      personalPart: 8.5,
    });
  });

  it('reads a sheet with a merged title row above the header and amounts typed as text', async () => {
    const m = registerByCode('office_tel')!;
    const { header, rows } = sampleSheet(m, 1, 500_000);
    rows[0][header.indexOf('账单月份')] = '2026年7月';
    rows[0][header.indexOf('话费金额')] = '2,000.00';
    rows[0][header.indexOf('报销标准')] = '￥1,500.50';
    const res = await upload(t, admin, 'office_tel', await xlsx(header, rows, '协会2026年7月电话费台账'));
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ imported: 1, committed: true });
    const list = await t.call('GET', '/oa/api/auth/oa/records/office_tel/list', {
      token: admin,
      query: { filters: JSON.stringify({ month: '2026-07' }) },
    });
    expect(list.body.data.list[0].data).toMatchObject({ month: '2026-07', fee: 2000, quota: 1500.5, personalPart: 499.5 });
  });

  it('serves the template and an export that can be read back', async () => {
    const tpl = await rawGet(t, '/oa/api/auth/oa/records/party_fee/template', admin);
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const head = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(head).toEqual(importFields(registerByCode('party_fee')!).map(([, f]) => f.label));
    expect(wb.getWorksheet('填写说明')).toBeDefined();

    const filters = encodeURIComponent(JSON.stringify({ month: '2000-01' }));
    const exp = await rawGet(t, `/oa/api/auth/oa/records/party_fee/export?filters=${filters}`, admin);
    expect(exp.statusCode).toBe(200);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const ws = out.worksheets[0];
    expect(ws.getRow(1).getCell(1).text).toBe('所属月份');
    expect(ws.rowCount).toBeGreaterThan(1);
    expect(ws.getRow(2).getCell(1).text).toBe('2000-01');
    // an export goes back in (duplicates are reported, the header is accepted)
    const back = await upload(t, admin, 'party_fee', exp.rawPayload);
    expect(back.body.data.errors[0].message).toContain('已存在');
  });

  it('refuses non-xlsx files, staff without :manage, and a missing file', async () => {
    const junk = await upload(t, admin, 'office_tel', Buffer.from('not a spreadsheet'));
    expect(junk.body.code).not.toBe(0);
    expect(junk.body.message).toContain('不是有效的 Excel');
    // more rows than one import takes: refused, nothing imported
    const before = await count(t, 'office_tel');
    const tooMany = once('too many', () =>
      xlsx(
        ['账单月份'],
        Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ['2026-01']),
      ),
    );
    const many = await upload(t, admin, 'office_tel', await tooMany);
    expect(many.body.message).toBe(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请分批导入`);
    expect(await count(t, 'office_tel')).toBe(before);
    const staff = await t.login('staff');
    const denied = await upload(t, staff, 'office_tel', await xlsx(['账单月份'], []));
    expect(denied.status).toBe(403);
    const none = await t.call('POST', '/oa/api/auth/oa/records/office_tel/import', { token: admin, body: {} });
    expect(none.status).toBe(400);
  }, 120_000); // a spreadsheet of IMPORT_MAX_ROWS + 1 rows written and read: 30 s is short on a busy machine
});
