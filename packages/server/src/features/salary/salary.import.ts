import type ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';
import { cellAmount, cellText } from '../../lib/xlsx-cells';
import { readFirstSheet } from '../../lib/xlsx-rows';

/** Reads a salary Excel: the header row names the items; key columns are recognised by their titles. */
export interface ParsedRow {
  rowNo: number;
  code: string | null;
  name: string | null;
  mobile: string | null;
  bankCard: string | null;
  items: Array<{ name: string; value: string }>;
}
export interface ParsedSheet {
  itemNames: string[];
  rows: ParsedRow[];
}

const KEY = {
  code: /^(工号|账号|用户账号|用户编码|人员编码|员工编号|职工号)$/,
  name: /^(姓名|员工姓名|职工姓名)$/,
  mobile: /^(手机|手机号|手机号码|移动电话)$/,
  bank: /^(银行卡号|银行账号|工资卡号|卡号)$/,
  skip: /^(序号|编号|部门|所属部门)$/,
};
const MAX_ROWS = 5000;
const NO_DATA = 'Excel 中没有工资数据（表头为各列名称，其后每行一人）';

/** An item's value: an amount ('2,000.00' typed as text too) as plain digits, anything else as its text. */
function itemValue(v: ExcelJS.CellValue): string {
  const n = cellAmount(v);
  if (n === null) return cellText(v);
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export async function parseSalaryExcel(buf: Buffer): Promise<ParsedSheet> {
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw badRequest('文件不是有效的 Excel（.xlsx）', 'file');
  const read = await readFirstSheet(buf, MAX_ROWS); // in a worker thread (lib/xlsx-rows.ts)
  if (!read.ok && read.reason === 'invalid') throw badRequest('文件不是有效的 Excel（.xlsx）', 'file');
  if (!read.ok && read.reason === 'tooMany') throw badRequest(`一次最多导入 ${MAX_ROWS} 行`, 'file');
  if (!read.ok || !read.rows.length) throw badRequest(NO_DATA, 'file');
  const cols: Array<{
    /** the index of the column's cell in each row */
    col: number;
    name: string;
    kind: 'code' | 'name' | 'mobile' | 'bank' | 'item';
  }> = [];
  const seen = new Set<string>();
  read.header.forEach((title, col) => {
    const name = title.replace(/\s+/g, '');
    if (!name || KEY.skip.test(name)) return;
    if (seen.has(name)) throw badRequest(`表头“${name}”重复`, 'file');
    seen.add(name);
    const kind = KEY.code.test(name)
      ? 'code'
      : KEY.name.test(name)
        ? 'name'
        : KEY.mobile.test(name)
          ? 'mobile'
          : KEY.bank.test(name)
            ? 'bank'
            : 'item';
    if (name.length > 30) throw badRequest(`表头“${name.slice(0, 30)}…”过长`, 'file');
    cols.push({ col, name, kind });
  });
  if (!cols.some((c) => c.kind === 'code') && !cols.some((c) => c.kind === 'name')) throw badRequest('表头须包含“工号”或“姓名”列', 'file');
  const itemCols = cols.filter((c) => c.kind === 'item');
  if (!itemCols.length) throw badRequest('表头中没有工资项目列', 'file');
  const rows: ParsedRow[] = [];
  for (const { row: r, cells } of read.rows) {
    const get = (kind: string) => {
      const c = cols.find((x) => x.kind === kind);
      const v = c ? cellText(cells[c.col]) : '';
      return v ? v.slice(0, 64) : null;
    };
    const items = itemCols.map((c) => ({ name: c.name, value: itemValue(cells[c.col]).slice(0, 64) }));
    const code = get('code');
    const name = get('name');
    if (!code && !name && items.every((i) => !i.value)) continue; // blank line
    rows.push({ rowNo: r, code, name, mobile: get('mobile'), bankCard: get('bank')?.replace(/\s+/g, '') ?? null, items });
  }
  if (!rows.length) throw badRequest(NO_DATA, 'file');
  return { itemNames: itemCols.map((c) => c.name), rows };
}
