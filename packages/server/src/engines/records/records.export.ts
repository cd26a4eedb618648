import { COMMON_COLUMNS, STATUS_LABELS, type AnyModule, type RecordStatus } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import type { Db } from '../../db/database';
import { parseData } from './records.access';
import { deptNames, type RecordRow } from './records.repository';
import { userNames } from '../../core/identity/identity.repository';
import type { SheetRow, SheetSpec } from '../../lib/xlsx-write';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function attachmentHeader(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Display text of a field value in a sheet cell (module and register exports alike). */
export function cellText(f: AnyField, v: unknown, users: Map<string, string>, depts: Map<string, string>): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  switch (f.kind) {
    case 'int':
    case 'money':
      return typeof v === 'number' ? v : Number(v);
    case 'daterange':
      return Array.isArray(v) ? `${String(v[0])} 至 ${String(v[1])}` : null;
    case 'user':
      return (Array.isArray(v) ? v : [v]).map((c) => users.get(String(c)) ?? String(c)).join('、') || null;
    case 'dept':
      return depts.get(String(v)) ?? String(v);
    case 'select':
      return f.options.find((o) => o.value === v)?.label ?? String(v);
    case 'attachments':
      return Array.isArray(v) ? v.map((a) => (a as { fileName?: string }).fileName ?? '').join('、') : null;
    case 'table':
      return Array.isArray(v) ? `${v.length} 行` : null;
    case 'richtext':
      return String(v)
        .replace(/<[^>]*>/g, '')
        .slice(0, 32_000);
    default:
      return String(v);
  }
}

/** Names of the users and departments the rows' user/department fields mention (one query each, per chunk). */
export async function namesOf(db: Db, fields: Array<[string, AnyField]>, datas: Array<Record<string, unknown>>) {
  const userCodes = datas.flatMap((d) =>
    fields.filter(([, f]) => f.kind === 'user').flatMap(([n]) => (Array.isArray(d[n]) ? (d[n] as string[]) : d[n] ? [String(d[n])] : [])),
  );
  const deptCodes = datas.flatMap((d) =>
    fields
      .filter(([, f]) => f.kind === 'dept')
      .map(([n]) => d[n])
      .filter((v): v is string => typeof v === 'string'),
  );
  const [users, depts] = await Promise.all([userNames(db, userCodes), deptNames(db, deptCodes)]);
  return { users, depts };
}

const recordFields = (m: AnyModule) => Object.entries(m.fields).filter(([, f]) => f.kind !== 'table');

/** The export sheet of an application module: common columns, then every field. */
export function recordSheet(m: AnyModule): SheetSpec {
  return {
    name: m.name,
    columns: [
      { header: COMMON_COLUMNS.serialNo, key: 'serialNo', width: 16 },
      { header: COMMON_COLUMNS.title, key: 'title', width: 36 },
      { header: COMMON_COLUMNS.status, key: 'status', width: 10 },
      { header: COMMON_COLUMNS.applicant, key: 'applicant', width: 12 },
      { header: COMMON_COLUMNS.dept, key: 'dept', width: 14 },
      { header: COMMON_COLUMNS.submittedAt, key: 'submittedAt', width: 20 },
      ...recordFields(m).map(([name, f]) => ({
        header: f.label,
        key: `f_${name}`,
        width: Math.max(12, Math.min(40, f.label.length * 2 + 4)),
      })),
    ],
  };
}

/** The sheet rows of one chunk of records. */
export async function recordSheetRows(db: Db, m: AnyModule, rows: RecordRow[]): Promise<SheetRow[]> {
  const datas = rows.map(parseData);
  const fields = recordFields(m);
  const { users, depts } = await namesOf(db, fields, datas);
  return rows.map((r, i) => {
    const values: SheetRow = {
      serialNo: r.serial_no ?? '',
      title: r.title,
      status: STATUS_LABELS[r.status as RecordStatus] ?? r.status,
      applicant: r.applicant_name,
      dept: r.dept_name ?? '',
      submittedAt: r.submitted_at ? r.submitted_at.slice(0, 19).replace('T', ' ') : '',
    };
    for (const [name, f] of fields) values[`f_${name}`] = cellText(f, datas[i][name], users, depts);
    return values;
  });
}

/** Maps each chunk of rows (masking, sheet cells) as it is read. */
export async function* mapChunks<T, U>(chunks: AsyncIterable<T[]>, fn: (rows: T[]) => Promise<U[]>): AsyncGenerator<U[]> {
  for await (const rows of chunks) yield await fn(rows);
}
