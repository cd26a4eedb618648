import type ExcelJS from 'exceljs';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { importFields, isMonthField } from '@oa/shared/modules/register-kit';
import type { Db } from '../../db/database';
import { readFirstSheet } from '../../lib/xlsx-rows';
import { parseData } from './records.access';
import { cellText, namesOf } from './records.export';
import type { SheetRow, SheetSpec } from '../../lib/xlsx-write';
import type { RecordRow } from './records.repository';
import { exceljs } from '../../lib/heavy-libs';

/** Register sheets: the import template (one column per field label), the export, reading cells. */

/** Columns every export adds after the fields; an import ignores them (so an export can be re-imported). */
export const EXTRA_COLUMNS = ['编号', '登记人', '登记时间'] as const;

const TEXTLIKE = new Set(['text', 'textarea', 'mobile', 'phone', 'email', 'idcard', 'bankcard']);

/** How a column is filled in (the template's second sheet). */
function hint(f: AnyField): string {
  const req = f.required ? '必填' : '选填';
  switch (f.kind) {
    case 'select':
      return `${req}；可选值：${f.options.map((o) => o.label).join('、')}`;
    case 'date':
      return `${req}；日期，如 2026-05-08`;
    case 'daterange':
      return `${req}；如 2026-05-01 至 2026-05-08`;
    case 'user':
      return `${req}；填写登录账号或姓名${f.multiple ? '，多人用“、”分隔' : ''}`;
    case 'dept':
      return `${req}；填写部门名称或部门编码`;
    case 'int':
      return `${req}；整数${f.min !== undefined ? `，不小于${f.min}` : ''}${f.max !== undefined ? `，不大于${f.max}` : ''}`;
    case 'money':
      return `${req}；数字，最多两位小数`;
    case 'mobile':
      return `${req}；11位手机号码`;
    case 'phone':
      return `${req}；手机号码或固定电话（如 010-68594321）`;
    case 'idcard':
      return `${req}；18位身份证号码`;
    case 'bankcard':
      return `${req}；银行卡号`;
    case 'email':
      return `${req}；电子邮箱`;
    default:
      return isMonthField(f) ? `${req}；年-月，如 2026-05` : `${req}${'max' in f && f.max ? `；不超过${f.max}字` : ''}`;
  }
}

function newBook(m: AnyModule) {
  const wb = new (exceljs().Workbook)();
  wb.creator = '协会办公平台';
  const ws = wb.addWorksheet(m.name.slice(0, 31));
  return { wb, ws };
}

/** The import template: the header row of the importable fields, and a sheet explaining each column. */
export async function buildTemplate(m: AnyModule): Promise<Buffer> {
  const { wb, ws } = newBook(m);
  const fields = importFields(m);
  ws.columns = fields.map(([name, f]) => ({ header: f.label, key: name, width: Math.max(12, Math.min(36, f.label.length * 2 + 6)) }));
  fields.forEach(([, f], i) => {
    if (TEXTLIKE.has(f.kind) || isMonthField(f)) ws.getColumn(i + 1).numFmt = '@';
    if (f.required) ws.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', width: 20 },
    { header: '填写要求', width: 80 },
  ];
  for (const [, f] of fields) help.addRow([f.label, hint(f)]);
  help.addRow([]);
  help.addRow(['说明', '第一行表头请勿修改；红色表头为必填列。导入时逐行校验，有错误的行会按行号列出。']);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function exportFields(m: AnyModule): Array<[string, AnyField]> {
  const first = importFields(m);
  const rest = Object.entries(m.fields).filter(([n, f]) => !first.some(([x]) => x === n) && f.kind !== 'table' && f.kind !== 'attachments');
  return [...first, ...rest];
}

/** The export of a filtered list: every field (importable ones first), then number, owner and time. */
export function registerSheet(m: AnyModule): SheetSpec {
  return {
    name: m.name,
    columns: [
      ...exportFields(m).map(([name, f]) => ({
        header: f.label,
        key: `f_${name}`,
        width: Math.max(12, Math.min(40, f.label.length * 2 + 6)),
        ...(TEXTLIKE.has(f.kind) || isMonthField(f) ? { numFmt: '@' } : {}),
      })),
      { header: EXTRA_COLUMNS[0], key: 'serialNo', width: 16 },
      { header: EXTRA_COLUMNS[1], key: 'owner', width: 12 },
      { header: EXTRA_COLUMNS[2], key: 'createdAt', width: 20 },
    ],
  };
}

/** The sheet rows of one chunk of register rows. */
export async function registerSheetRows(db: Db, m: AnyModule, rows: RecordRow[]): Promise<SheetRow[]> {
  const datas = rows.map(parseData);
  const fields = exportFields(m);
  const { users, depts } = await namesOf(db, fields, datas);
  return rows.map((r, i) => {
    const values: SheetRow = {
      serialNo: r.serial_no ?? '',
      owner: r.applicant_name,
      createdAt: r.created_at.slice(0, 19).replace('T', ' '),
    };
    for (const [name, f] of fields) values[`f_${name}`] = cellText(f, datas[i][name], users, depts);
    return values;
  });
}

interface SheetData {
  header: string[];
  rows: Array<{ row: number; cells: ExcelJS.CellValue[] }>;
}

/** Reads the first sheet: the header texts and the non-empty data rows (raw cell values). */
export async function readSheet(buf: Buffer, maxRows: number): Promise<{ ok: true; sheet: SheetData } | { ok: false; message: string }> {
  const read = await readFirstSheet(buf, maxRows);
  if (read.ok) return { ok: true, sheet: { header: read.header, rows: read.rows } };
  const messages = {
    invalid: '文件不是有效的 Excel（.xlsx）文件，请使用下载的导入模板',
    empty: '文件中没有工作表或表头',
    tooMany: `一次最多导入 ${maxRows} 行，请分批导入`,
  };
  return { ok: false, message: messages[read.reason] };
}
