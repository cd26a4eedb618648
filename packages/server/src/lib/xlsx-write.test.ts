import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamWorkbook, type SheetRow, type SheetSpec } from './xlsx-write';

const spec: SheetSpec = {
  name: '合同登记',
  columns: [
    { header: '编号', key: 'no', width: 10 },
    { header: '标题', key: 'title', width: 30 },
    { header: '金额', key: 'amount', width: 12, numFmt: '#,##0.00' },
  ],
};

async function* rowsOf(total: number, size: number, failAt?: number): AsyncGenerator<SheetRow[]> {
  for (let start = 0; start < total; start += size) {
    if (failAt !== undefined && start >= failAt) throw new Error('读取中断');
    yield Array.from({ length: Math.min(size, total - start) }, (_, i) => ({
      no: start + i + 1,
      title: `合作协议 第${start + i + 1}号`,
      amount: (start + i) * 1.5,
    }));
  }
}

const sheetOf = async (bytes: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0];
};

describe('workbooks written on a worker thread and streamed (issue 35)', () => {
  it('writes every row of a large export into a valid workbook, and the event loop turns meanwhile', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    try {
      const bytes = await buffer(streamWorkbook(spec, rowsOf(20_000, 500)));
      expect(turns).toBeGreaterThan(0);
      const ws = await sheetOf(bytes);
      expect(ws.name).toBe('合同登记');
      expect(ws.rowCount).toBe(20_001);
      expect(ws.getRow(1).values).toEqual([undefined, '编号', '标题', '金额']);
      expect(ws.getRow(20_001).values).toEqual([undefined, 20_000, '合作协议 第20000号', 19_999 * 1.5]);
      expect(ws.getColumn(3).numFmt).toBe('#,##0.00');
    } finally {
      clearInterval(ticker);
    }
  });

  it('ends the answer with an error when reading the rows fails, and the writers serve the next exports', async () => {
    const failed = await Promise.allSettled([1, 2, 3].map(() => buffer(streamWorkbook(spec, rowsOf(5_000, 500, 2_000)))));
    for (const f of failed) expect(f).toMatchObject({ status: 'rejected', reason: { message: '读取中断' } });
    const ws = await sheetOf(await buffer(streamWorkbook(spec, rowsOf(10, 500))));
    expect(ws.rowCount).toBe(11);
  });

  it('writes a sheet with no rows', async () => {
    const ws = await sheetOf(await buffer(streamWorkbook(spec, rowsOf(0, 500))));
    expect(ws.rowCount).toBe(1);
  });
});
