import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { cellAmount, cellText } from './xlsx-cells';
import { readFirstSheet, readFirstSheetTexts } from './xlsx-rows';

async function book(rows: ExcelJS.CellValue[][], second = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of rows) ws.addRow(r);
  if (second) wb.addWorksheet('说明').addRow(['不读这一页']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('first worksheet of an .xlsx, read in a worker (issue 18)', () => {
  it('answers the header texts and the non-empty rows by number, with dates and Chinese text intact', async () => {
    // 4,000 distinct Chinese names: the shared strings run to many chunks of the zip stream, where exceljs'
    // streaming reader would break a character split between two of them
    const names = Array.from({ length: 4000 }, (_, i) => `张三丰${String.fromCharCode(0x4e00 + i)}明`);
    const when = new Date(Date.UTC(2026, 4, 1));
    const rows = [[' 姓名 ', '日期', '金额', ''], ...names.map((n, i) => [n, when, i + 0.5]), [], ['', null, '  ']];
    rows.splice(3, 0, [null, null, null]); // an empty row between: skipped, the numbers of the others kept
    const read = await readFirstSheet(await book(rows, true), 10_000);
    if (!read.ok) throw new Error(read.reason);
    expect(read.header).toEqual(['姓名', '日期', '金额']);
    expect(read.rows).toHaveLength(4000);
    expect(read.rows[0]).toEqual({ row: 2, cells: [names[0], when, 0.5] });
    expect(read.rows[2]).toEqual({ row: 5, cells: [names[2], when, 2.5] });
    expect(read.rows.map((r) => r.cells[0])).toEqual(names);
  });

  it('says why it cannot: not an .xlsx, no sheet rows, more rows than asked for', async () => {
    expect(await readFirstSheet(Buffer.from('not a spreadsheet'), 10)).toEqual({ ok: false, reason: 'invalid' });
    expect(await readFirstSheet(await book([]), 10)).toEqual({ ok: false, reason: 'empty' });
    const eleven = [['编号'], ...Array.from({ length: 11 }, (_, i) => [i])];
    expect(await readFirstSheet(await book(eleven), 10)).toEqual({ ok: false, reason: 'tooMany' });
    expect((await readFirstSheet(await book(eleven), 11)).ok).toBe(true);
  });

  it("counts the sheet's columns once, not once a row (exceljs visits every row to count them)", async () => {
    // the worker's task itself, run here, where the spy sees exceljs' worksheets
    type Task = (t: { buf: Buffer; limit: number }) => Promise<{ ok: boolean; rows: unknown[] }>;
    const task = ((await import(new URL('./xlsx-rows.worker.mjs', import.meta.url).href)) as { default: Task }).default;
    const sheet = Object.getPrototypeOf(new ExcelJS.Workbook().addWorksheet('x')) as object;
    const columnCount = vi.spyOn(sheet as { columnCount: number }, 'columnCount', 'get');
    try {
      const read = await task({ buf: await book([['编号', '姓名'], ...Array.from({ length: 300 }, (_, i) => [i, `张${i}`])]), limit: 500 });
      expect(read.rows).toHaveLength(301);
      expect(columnCount.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      columnCount.mockRestore();
    }
  });
});

describe('a sheet as finance makes it', () => {
  async function financeBook(): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('工资');
    ws.addRow(['协会2026年11月工资表']);
    ws.mergeCells('A1:D1');
    ws.addRow(['制表单位：协会', '', '单位：元']);
    ws.addRow(['序号', '姓名', '基本工资', '实发工资']);
    ws.addRow([1, '刘小雨', '2,000.00', { formula: 'C4', result: 2000 }]);
    ws.addRow(['注：本表仅供内部核对']);
    ws.mergeCells('A5:D5');
    ws.addRow([2, '陈静', 3000.5, 3000.5]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('finds the header below a merged title and note rows, skips merged notes below it', async () => {
    const read = await readFirstSheet(await financeBook(), 10);
    if (!read.ok) throw new Error(read.reason);
    expect(read.header).toEqual(['序号', '姓名', '基本工资', '实发工资']);
    expect(read.rows.map((r) => r.row)).toEqual([4, 6]);
    expect(read.rows[0].cells.map(cellAmount)).toEqual([1, null, 2000, 2000]);
    const texts = await readFirstSheetTexts(await financeBook(), 10);
    expect(texts.ok && texts.rows[1].cells).toEqual(['2', '陈静', '3000.5', '3000.5']);
  });

  it('reads every cell by one rule: amounts typed as text, dates, rich text, formulas', () => {
    expect(['2,000.00', '￥1 200', '1,200元', ' 12.5 ', -3, 'abc', '', null].map((v) => cellAmount(v))).toEqual([
      2000,
      1200,
      1200,
      12.5,
      -3,
      null,
      null,
      null,
    ]);
    expect(cellText(new Date(Date.UTC(2026, 10, 3)))).toBe('2026-11-03');
    expect(cellText(new Date(Date.UTC(2026, 10, 3, 9, 30)))).toBe('2026-11-03 09:30');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText({ richText: [{ text: '张' }, { text: '三 ' }] })).toBe('张三');
    expect(cellText({ formula: 'A1', result: 12 } as ExcelJS.CellValue)).toBe('12');
  });
});
