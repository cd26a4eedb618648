import ExcelJS from 'exceljs';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { importFields } from '@oa/shared/modules/register-kit';
import { sampleRow, type SampleContext } from '@oa/shared/test/registers.fixtures';
import { multipartBody } from '../upload-kit';
import type { TestApp } from '../harness';

/** Test helpers of the register import: xlsx files built with ExcelJS, the multipart upload. */

export const SAMPLE_CTX: SampleContext = { users: ['admin', 'leader', 'staff'], depts: ['D01', 'D02'] };

/** A sheet of `header` and `rows`; with `title`, as finance makes it: a title merged across the columns above. */
export async function xlsx(header: string[], rows: unknown[][], title?: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('数据');
  if (title) {
    ws.addRow([title]);
    ws.mergeCells(1, 1, 1, header.length);
  }
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A form value as a person would type it into the sheet. */
function cellOf(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.join('、');
  return v;
}

/** The template's header and `n` valid sample rows of a register (from `start`). */
export function sampleSheet(m: AnyModule, n: number, start = 0): { header: string[]; rows: unknown[][] } {
  const fields = importFields(m);
  const rows = Array.from({ length: n }, (_, k) => {
    const d = sampleRow(m.code, start + k, SAMPLE_CTX);
    return fields.map(([name]) => cellOf(d[name]));
  });
  return { header: fields.map(([, f]) => f.label), rows };
}

export async function upload(t: TestApp, token: string, code: string, file: Buffer, fields: Record<string, string> = {}) {
  const mp = multipartBody(
    { name: 'data.xlsx', content: file, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    fields,
  );
  return t.call('POST', `/oa/api/auth/oa/records/${code}/import`, { token, body: mp.body, headers: mp.headers });
}

export async function count(t: TestApp, code: string): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('business_record')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('module', '=', code)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
