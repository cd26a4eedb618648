import ExcelJS from 'exceljs';
import { COMMON_COLUMNS, STATUS_LABELS, type AnyModule, type RecordStatus } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import type { Db } from '../../db/database';
import { parseData } from './records.access';
import { deptNames, userNames, type RecordRow } from './records.repository';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function attachmentHeader(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Display text of a field value in a sheet cell. */
function cell(f: AnyField, v: unknown, users: Map<string, string>, depts: Map<string, string>): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  switch (f.kind) {
    case 'int': case 'money': return typeof v === 'number' ? v : Number(v);
    case 'daterange': return Array.isArray(v) ? `${String(v[0])} 至 ${String(v[1])}` : null;
    case 'user': return (Array.isArray(v) ? v : [v]).map((c) => users.get(String(c)) ?? String(c)).join('、');
    case 'dept': return depts.get(String(v)) ?? String(v);
    case 'attachments': return Array.isArray(v) ? v.map((a) => (a as { fileName?: string }).fileName ?? '').join('、') : null;
    case 'table': return Array.isArray(v) ? `${v.length} 行` : null;
    case 'richtext': return String(v).replace(/<[^>]*>/g, '').slice(0, 32_000);
    default: return String(v);
  }
}

/** The rows of a list as one sheet: common columns, then every field of the module. */
export async function buildRecordWorkbook(db: Db, m: AnyModule, rows: RecordRow[]): Promise<Buffer> {
  const datas = rows.map(parseData);
  const fields = Object.entries(m.fields).filter(([, f]) => f.kind !== 'table');
  const userCodes = datas.flatMap((d) => fields.filter(([, f]) => f.kind === 'user').flatMap(([n]) => (Array.isArray(d[n]) ? (d[n] as string[]) : d[n] ? [String(d[n])] : [])));
  const deptCodes = datas.flatMap((d) => fields.filter(([, f]) => f.kind === 'dept').map(([n]) => d[n]).filter((v): v is string => typeof v === 'string'));
  const [users, depts] = await Promise.all([userNames(db, userCodes), deptNames(db, deptCodes)]);

  const wb = new ExcelJS.Workbook();
  wb.creator = '协会办公平台';
  const ws = wb.addWorksheet(m.name.slice(0, 31));
  ws.columns = [
    { header: COMMON_COLUMNS.serialNo, key: 'serialNo', width: 16 },
    { header: COMMON_COLUMNS.title, key: 'title', width: 36 },
    { header: COMMON_COLUMNS.status, key: 'status', width: 10 },
    { header: COMMON_COLUMNS.applicant, key: 'applicant', width: 12 },
    { header: COMMON_COLUMNS.dept, key: 'dept', width: 14 },
    { header: COMMON_COLUMNS.submittedAt, key: 'submittedAt', width: 20 },
    ...fields.map(([name, f]) => ({ header: f.label, key: `f_${name}`, width: Math.max(12, Math.min(40, f.label.length * 2 + 4)) })),
  ];
  rows.forEach((r, i) => {
    const d = datas[i];
    const values: Record<string, string | number | null> = {
      serialNo: r.serial_no ?? '', title: r.title, status: STATUS_LABELS[r.status as RecordStatus] ?? r.status,
      applicant: r.applicant_name, dept: r.dept_name ?? '', submittedAt: r.submitted_at ? r.submitted_at.slice(0, 19).replace('T', ' ') : '',
    };
    for (const [name, f] of fields) values[`f_${name}`] = cell(f, d[name], users, depts);
    ws.addRow(values);
  });
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
