import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { ARCHIVE_API } from '@oa/shared/contract/archive';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { WILD } from '../../../test/like-kit';
import { sm3Hex } from '../../lib/sm3';
import { exceljs, jszip } from '../../lib/heavy-libs';

const DIALECTS = await testDialects();
const P = (p: string) => `/oa${p}`;
type Meta = Record<string, unknown> & { 文件清单: { 文件: Array<Record<string, string>> | Record<string, string> } };

/**
 * The archive on one app per dialect: the keyword search, and the archive package (issue 37, one DA/T 22 unit per
 * item): filing a dispatch makes a zip with its 正文 (PDF and OFD), 定稿, 处理笺, attachments and 元数据.xml; each file's
 * SM3 in the metadata is the file's; readers of the item download it, others are refused; the catalogue export lists
 * the files and digests.
 */
describe.each(DIALECTS)('archive on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('the keywords of the documents to file and of the catalogue match % and _ as written', async () => {
    // two seeded receipts waiting to be filed and two catalogue entries, retitled
    const docs = await t.ctx.db.selectFrom('doc_document').select('id').where('kind', '=', 'receipt').orderBy('id').limit(2).execute();
    const items = await t.ctx.db.selectFrom('archive_item').select('id').orderBy('id').limit(2).execute();
    expect(docs).toHaveLength(2);
    expect(items).toHaveLength(2);
    for (const [i, title] of [WILD.literal, WILD.lookalike].entries()) {
      await t.ctx.db.updateTable('doc_document').set({ title, status: 'done', archived: 'N' }).where('id', '=', docs[i].id).execute();
      await t.ctx.db.updateTable('archive_item').set({ title }).where('id', '=', items[i].id).execute();
    }
    const found = async (keyword: string) => ({
      pending: (await t.call('GET', P(ARCHIVE_API.pending), { token: admin, query: { kind: 'receipt', keyword } })).body.data.list.map(
        (d: { title: string }) => d.title,
      ),
      catalogue: (await t.call('GET', P(ARCHIVE_API.list), { token: admin, query: { keyword } })).body.data.list.map(
        (d: { title: string }) => d.title,
      ),
    });
    expect(await found(WILD.literal)).toEqual({ pending: [WILD.literal], catalogue: [WILD.literal] });
    expect(await found('%')).toEqual({ pending: [], catalogue: [] });
  });

  it('filing a dispatch makes its package: every file’s SM3 is in the metadata, which holds the catalogue entry', async () => {
    const pending = await t.call('GET', P(ARCHIVE_API.pending), { token: admin, query: { kind: 'dispatch', pageSize: '50' } });
    const docId = (pending.body.data.list as Array<{ docId: string }>)[0]?.docId;
    expect(docId, 'a dispatch waiting to be filed').toBeTruthy();
    const filed = await t.call('POST', P(ARCHIVE_API.file), { token: admin, body: { docId, retention: 'D30' } });
    expect(filed.body.code, filed.body.message).toBe(0);
    const item = filed.body.data as { id: string; archiveCode: string; title: string; packageFiles: Array<{ name: string; sm3: string }> };
    expect(item.packageFiles?.map((f) => f.name)).toEqual(expect.arrayContaining(['正文.ofd', '定稿.docx', '处理笺.pdf']));

    const res = await t.call('GET', P(ARCHIVE_API.package), { token: admin, query: { id: item.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await new (jszip())().loadAsync(res.raw);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    expect(names).toContain('元数据.xml');
    const meta = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await zip.file('元数据.xml')!.async('string'))
      .归档文件 as Meta;
    const listed = [meta.文件清单.文件].flat();
    // every other file of the zip is listed, with its own SM3 and size
    expect(listed.map((f) => f.名称).sort()).toEqual(names.filter((n) => n !== '元数据.xml').sort());
    for (const f of listed) {
      const bytes = await zip.file(f.名称)!.async('nodebuffer');
      expect(f.SM3, f.名称).toBe(sm3Hex(bytes));
      expect(Number(f.字节数)).toBe(bytes.length);
    }
    expect(listed.map((f) => f.SM3).sort()).toEqual(item.packageFiles.map((f) => f.sm3).sort());
    // the OFD and the sheet are what they say
    expect((await zip.file('正文.ofd')!.async('nodebuffer')).subarray(0, 2).toString()).toBe('PK');
    expect((await zip.file('处理笺.pdf')!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    const row = await t.ctx.db.selectFrom('archive_item').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(meta).toMatchObject({
      全宗号: row.fonds,
      年度: row.year,
      保管期限: '定期30年',
      机构代码: row.org_code,
      件号: row.item_no,
      档号: row.archive_code,
      题名: row.title,
      责任者: row.responsible,
      日期: Number(row.doc_date),
      密级: row.secret_level,
      页数: row.pages,
    });
    expect(String(meta.文号)).toBe(row.doc_no ?? '');

    // the catalogue export lists the package's files and digests
    const exported = await t.call('GET', P(ARCHIVE_API.export), { token: admin });
    const wb = new (exceljs().Workbook)();
    await wb.xlsx.load(exported.raw as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(12).value).toBe('归档包文件（SM3）');
    const mine = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(2).value === row.archive_code)!;
    expect(String(mine.getCell(12).value)).toContain(`处理笺.pdf  ${item.packageFiles.find((f) => f.name === '处理笺.pdf')!.sm3}`);
  });

  it('an item filed before gets its package when first asked for; a stranger is refused', async () => {
    const old = await t.ctx.db.selectFrom('archive_item').select('id').where('package_file_id', 'is', null).executeTakeFirstOrThrow();
    const res = await t.call('GET', P(ARCHIVE_API.package), { token: admin, query: { id: old.id } });
    expect(res.status).toBe(200);
    const zip = await new (jszip())().loadAsync(res.raw);
    expect(zip.file('元数据.xml')).toBeTruthy();
    const row = await t.ctx.db.selectFrom('archive_item').select('package_file_id').where('id', '=', old.id).executeTakeFirstOrThrow();
    expect(row.package_file_id).toBeTruthy();
    expect((await t.call('GET', P(ARCHIVE_API.package), { token: await t.login('huzhiqiang'), query: { id: old.id } })).status).toBe(403);
    expect((await t.call('GET', P(ARCHIVE_API.package), { token: admin, query: { id: 'nope' } })).status).toBe(404);
  });
});
