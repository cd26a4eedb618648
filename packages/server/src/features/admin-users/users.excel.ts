import { PLATFORM_OPTIONS, USER_SHEET_HEADERS, type AdminUser } from '@oa/shared/contract/admin';
import { readFirstSheetTexts } from '../../lib/xlsx-rows';
import { exceljs } from '../../lib/heavy-libs';

/** The user sheet: one header row (USER_SHEET_HEADERS), one user per row. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_IMPORT_ROWS = 5000;

const PLATFORM_BY_NAME = new Map<string, string>(PLATFORM_OPTIONS.map((p) => [p.label, p.value]));
const PLATFORM_NAME = new Map<string, string>(PLATFORM_OPTIONS.map((p) => [p.value, p.label]));

/** RFC 5987 content-disposition with an ASCII fallback name. */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function buildUserWorkbook(users: AdminUser[]): Promise<Buffer> {
  const wb = new (exceljs().Workbook)();
  wb.creator = '协会办公平台';
  const ws = wb.addWorksheet('用户');
  ws.addRow([...USER_SHEET_HEADERS]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => {
    c.width = [14, 12, 6, 14, 16, 24, 12, 14, 10, 20][i] ?? 12;
  });
  for (const u of users) {
    ws.addRow([
      u.userCode,
      u.userName,
      u.sex ?? '',
      u.mobile ?? '',
      u.tel ?? '',
      u.email ?? '',
      u.room ?? '',
      u.position ?? '',
      u.deptCode ?? '',
      u.platforms.map((p) => PLATFORM_NAME.get(p) ?? p).join(','),
    ]);
  }
  // Text format keeps mobile numbers and codes from turning into numbers in Excel.
  for (const col of [1, 4, 5, 9]) ws.getColumn(col).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface SheetRow {
  row: number;
  cells: string[];
}
type ParsedSheet = { ok: true; rows: SheetRow[] } | { ok: false; message: string };

/** Reads the first sheet (in a worker thread: lib/xlsx-rows.ts); a wrong header refuses the whole file. */
export async function parseUserSheet(buf: Buffer): Promise<ParsedSheet> {
  const read = await readFirstSheetTexts(buf, MAX_IMPORT_ROWS);
  if (!read.ok) {
    const message = {
      invalid: '文件不是有效的 Excel（.xlsx）文件',
      empty: '文件中没有工作表',
      tooMany: `一次最多导入 ${MAX_IMPORT_ROWS} 行`,
    };
    return { ok: false, message: message[read.reason] };
  }
  if (USER_SHEET_HEADERS.some((h, i) => (read.header[i] ?? '') !== h)) {
    return { ok: false, message: `表头不正确，请使用导入模板（应为：${USER_SHEET_HEADERS.join('、')}）` };
  }
  const rows: SheetRow[] = read.rows
    .map(({ row, cells }) => ({ row, cells: USER_SHEET_HEADERS.map((_, i) => cells[i] ?? '') }))
    .filter((r) => r.cells.some((c) => c !== ''));
  if (rows.length === 0) return { ok: false, message: '文件中没有用户数据' };
  return { ok: true, rows };
}

/** '协会办公平台,4' → ['1', '4']; unknown entries are returned in `bad`. */
export function parsePlatforms(cell: string): { codes: string[]; bad: string[] } {
  const parts = cell
    .split(/[,，、;；\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const codes: string[] = [];
  const bad: string[] = [];
  for (const p of parts) {
    const code = PLATFORM_NAME.has(p) ? p : PLATFORM_BY_NAME.get(p);
    if (code) codes.push(code);
    else bad.push(p);
  }
  return { codes: [...new Set(codes)], bad };
}
