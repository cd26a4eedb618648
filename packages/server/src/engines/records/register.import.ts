import { chinaYear } from '@oa/shared/format/china-time';
import type ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, type ImportIssue, type RegisterImportResult } from '@oa/shared/contract/registers';
import { formatSerial, type AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { validateRecord } from '@oa/shared/modules/field-schema';
import { importFields, isMonthField, registerOptionsOf } from '@oa/shared/modules/register-kit';
import { inChange, type AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { cellAmount, cellText } from '../../lib/xlsx-cells';
import type { Actor } from './records.access';
import type { RecordRow } from './records.repository';
import { allUsersAndDepts, fieldValues, insertRows, reserveSerials } from './register.repository';
import { storedKeyOf, uniqueKeysOf } from './register.unique';
import { newRow } from './register.service';
import { EXTRA_COLUMNS, readSheet } from './register.sheet';
import { nextTurn } from '../../lib/next-turn';

/**
 * Excel import of a register (issue 6). The header must name exactly the importable fields (known
 * non-importable columns such as computed fields or the export's extra columns are ignored), else
 * nothing is read. Every row is converted and checked like the form (validateRecord), plus users,
 * departments, unique fields and references; errors are reported by row number and column. Valid rows
 * are written in one transaction with batch inserts — only when no row is wrong, unless `skipInvalid` — and `audit`
 * last in it.
 */

interface Lookups {
  userByCode: Set<string>;
  usersByName: Map<string, string[]>;
  deptByCode: Set<string>;
  deptsByName: Map<string, string[]>;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** '2026/5/8', '2026.5.8', '2026年5月8日' → '2026-05-08'; anything else unchanged (validation reports it). */
function normDate(t: string): string {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(t);
  return m ? `${m[1]}-${pad2(Number(m[2]))}-${pad2(Number(m[3]))}` : t;
}
function normMonth(t: string): string {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?(?:[-/.]\s*\d{1,2}\s*日?)?$/.exec(t);
  return m ? `${m[1]}-${pad2(Number(m[2]))}` : t;
}

type Conv = { value: unknown } | { error: string };

function pick(kind: string, label: string, t: string, byCode: Set<string>, byName: Map<string, string[]>): Conv {
  if (byCode.has(t)) return { value: t };
  const hits = byName.get(t) ?? [];
  if (hits.length === 1) return { value: hits[0] };
  return {
    error: hits.length > 1 ? `${label}「${t}」有重名，请填写${kind === 'user' ? '登录账号' : '部门编码'}` : `${label}「${t}」不存在`,
  };
}

/** One cell → the value the form would send. */
function convert(f: AnyField, raw: ExcelJS.CellValue, lk: Lookups): Conv {
  const t = cellText(raw);
  if (t === '') return { value: null };
  switch (f.kind) {
    case 'int':
    case 'money':
      return { value: cellAmount(raw) ?? t };
    case 'date':
      return { value: raw instanceof Date ? t.slice(0, 10) : normDate(t) };
    case 'daterange': {
      const parts = t.split(/\s*(?:至|~|～|—|到)\s*/);
      return { value: parts.length === 2 ? [normDate(parts[0]), normDate(parts[1])] : t };
    }
    case 'select': {
      const o = f.options.find((x) => x.label === t || x.value === t);
      return o ? { value: o.value } : { error: `${f.label}应为：${f.options.map((x) => x.label).join('、')}` };
    }
    case 'user': {
      const names = f.multiple ? t.split(/[、,，;；\s]+/).filter(Boolean) : [t];
      const codes: string[] = [];
      for (const n of names) {
        const c = pick('user', f.label, n, lk.userByCode, lk.usersByName);
        if ('error' in c) return c;
        codes.push(String(c.value));
      }
      return { value: f.multiple ? codes : codes[0] };
    }
    case 'dept':
      return pick('dept', f.label, t, lk.deptByCode, lk.deptsByName);
    case 'text':
      return { value: isMonthField(f) ? (raw instanceof Date ? t.slice(0, 7) : normMonth(t)) : t };
    default:
      return { value: t };
  }
}

async function lookups(ctx: AppContext): Promise<Lookups> {
  const { users, depts } = await allUsersAndDepts(ctx.db);
  const group = (pairs: Array<[string, string]>) => {
    const m = new Map<string, string[]>();
    for (const [name, code] of pairs) m.set(name, [...(m.get(name) ?? []), code]);
    return m;
  };
  return {
    userByCode: new Set(users.map((u) => u.user_code)),
    usersByName: group(users.map((u) => [u.user_name, u.user_code])),
    deptByCode: new Set(depts.map((d) => d.dept_code)),
    deptsByName: group(depts.map((d) => [d.dept_name, d.dept_code])),
  };
}

/** Checks the header: every importable column present, nothing unknown. Returns the column index of each field. */
function matchHeader(m: AnyModule, header: string[]): Map<string, number> {
  const fields = importFields(m);
  const known = new Set([...Object.values(m.fields).map((f) => f.label), ...EXTRA_COLUMNS]);
  const missing = fields.filter(([, f]) => !header.includes(f.label)).map(([, f]) => f.label);
  const unknown = header.filter((h) => h !== '' && !known.has(h));
  const dup = header.filter((h, i) => h !== '' && header.indexOf(h) !== i);
  if (missing.length || unknown.length || dup.length) {
    const parts = [
      missing.length ? `缺少列：${missing.join('、')}` : '',
      unknown.length ? `无法识别的列：${unknown.join('、')}` : '',
      dup.length ? `重复的列：${[...new Set(dup)].join('、')}` : '',
    ];
    throw bizError(`表头与导入模板不一致，未导入任何数据。${parts.filter(Boolean).join('；')}。请下载导入模板后填写。`);
  }
  return new Map(fields.map(([name, f]) => [name, header.indexOf(f.label)]));
}

/** Rows checked between two turns of the event loop. */
const CHECK_STEP = 200;

export async function importRows(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  file: Buffer,
  opts: { skipInvalid: boolean },
  audit: AuditLast<RegisterImportResult>,
): Promise<RegisterImportResult> {
  const read = await readSheet(file, IMPORT_MAX_ROWS);
  if (!read.ok) throw bizError(read.message);
  const columns = matchHeader(m, read.sheet.header);
  if (read.sheet.rows.length === 0) throw bizError('文件中没有数据行');
  const fields = importFields(m);
  const o = registerOptionsOf(m);
  const lk = await lookups(ctx);
  const defaults = ctx.hooks.registers[m.code]?.defaults?.() ?? {};
  const errors: ImportIssue[] = [];
  const good: Array<{ row: number; data: Record<string, unknown> }> = [];

  // existing values of unique fields and references, loaded once
  const uniques = o.unique.map((u) => (typeof u === 'string' ? [u] : [...u]));
  const taken = await Promise.all(
    uniques.map(async (fs) => new Set((await fieldValues(ctx.db, ctx.dialect, m.code, fs)).map((r) => storedKeyOf(r.values)))),
  );
  const seen = uniques.map(() => new Map<string, number>());
  const refs = await Promise.all(
    Object.entries(o.refs).map(
      async ([name, ref]) =>
        [name, new Set((await fieldValues(ctx.db, ctx.dialect, ref.module, [ref.field])).map((r) => r.values[0]))] as const,
    ),
  );

  for (const [i, { row, cells }] of read.sheet.rows.entries()) {
    // the checks of 10,000 rows take a while: other requests get their turn between steps
    if (i % CHECK_STEP === CHECK_STEP - 1) await nextTurn();
    const input: Record<string, unknown> = { ...defaults };
    const rowErrors: ImportIssue[] = [];
    for (const [name, f] of fields) {
      const c = convert(f, cells[columns.get(name)!], lk);
      if ('error' in c) rowErrors.push({ row, column: f.label, message: c.error });
      else input[name] = c.value;
    }
    if (rowErrors.length === 0) {
      const r = validateRecord(m, input);
      if (!r.ok)
        rowErrors.push(...r.issues.map((i) => ({ row, column: m.fields[i.field.split('.')[0]]?.label ?? null, message: i.message })));
      else {
        uniques.forEach((fs, k) => {
          // a sealed field compares by its keyed hash (the newest key's first: the key rows of this file are seen by)
          const forms = uniqueKeysOf(ctx.fieldKeys, m.code, fs, r.data);
          if (!forms.length) return;
          const key = forms[0];
          const label = fs.map((f) => m.fields[f].label).join('+');
          if (forms.some((x) => taken[k].has(x)))
            rowErrors.push({ row, column: m.fields[fs[fs.length - 1]].label, message: `${label}已存在` });
          else if (seen[k].has(key))
            rowErrors.push({ row, column: m.fields[fs[fs.length - 1]].label, message: `${label}与第 ${seen[k].get(key)} 行重复` });
          else seen[k].set(key, row);
        });
        for (const [name, values] of refs) {
          const v = r.data[name];
          if (v !== null && v !== undefined && v !== '' && !values.has(String(v)))
            rowErrors.push({ row, column: m.fields[name].label, message: `${m.fields[name].label}「${String(v)}」不存在` });
        }
        if (rowErrors.length === 0) good.push({ row, data: r.data });
      }
    }
    errors.push(...rowErrors);
  }

  const total = read.sheet.rows.length;
  if (good.length === 0 || (errors.length && !opts.skipInvalid)) return { imported: 0, total, errors, committed: false };
  const at = nowIso();
  const year = chinaYear();
  const result = { imported: good.length, total, errors, committed: true };
  await inChange(ctx.db, async (trx) => {
    const first = await reserveSerials(trx, m.code, year, good.length);
    const rows: RecordRow[] = good.map((g, i) =>
      newRow(m, actor, g.data, formatSerial(m.serial.pattern, m.serial.prefix, year, first + i), at),
    );
    await insertRows(trx, ctx.fieldKeys, rows, 'import', actor);
    await audit(trx, result);
  });
  return result;
}
