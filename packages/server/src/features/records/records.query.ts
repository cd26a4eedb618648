import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { filterValue, type FilterValue } from '@oa/shared/contract/records';
import { COMMON_COLUMNS, RECORD_STATUSES, type AnyModule } from '@oa/shared/modules/define-module';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { badRequest } from '../../lib/errors';

/**
 * List filters of the records API: a JSON object of field or common column → value, turned into
 * conditions. Field values live in the `data` JSON column: json_extract (SQLite) / ->> (PostgreSQL);
 * field names come from the declaration and are passed as parameters all the same.
 */

type Eb = ExpressionBuilder<Database, 'business_record'>;
type Cond = Expression<SqlBool>;

export function parseFilters(m: AnyModule, raw: string | undefined): Record<string, FilterValue> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('筛选条件不是合法的 JSON（查询参数字段：filters）', 'filters');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('筛选条件应为对象（查询参数字段：filters）', 'filters');
  const out: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === '' || (Array.isArray(value) && value.every((v) => v === null || v === ''))) continue;
    if (!(key in m.fields) && !(key in COMMON_COLUMNS)) throw badRequest(`不能按 ${key} 筛选（查询参数字段：filters.${key}）`, `filters.${key}`);
    const r = filterValue.safeParse(value);
    if (!r.success) throw badRequest(`筛选条件 ${key} 的取值不正确（查询参数字段：filters.${key}）`, `filters.${key}`);
    out[key] = r.data;
  }
  return out;
}

const like = (v: string) => `%${v.trim().toLowerCase().replace(/[%_\\]/g, '')}%`;
const asRange = (v: FilterValue): [string | number | null, string | number | null] =>
  Array.isArray(v) ? [v[0] ?? null, v[1] ?? null] : [v, v];
const asList = (v: FilterValue): string[] => (Array.isArray(v) ? v : [v]).filter((x): x is string | number => x !== null && x !== '').map(String);
const text = (v: FilterValue): string => (Array.isArray(v) ? String(v[0] ?? '') : String(v));

function jsonText(d: Dialect, name: string, idx?: 0 | 1): RawBuilder<string> {
  if (d === 'sqlite') return sql<string>`json_extract(data, ${idx === undefined ? `$.${name}` : `$.${name}[${idx}]`})`;
  if (idx === undefined) return sql<string>`(data::jsonb ->> ${name}::text)`;
  return idx === 0 ? sql<string>`((data::jsonb -> ${name}::text) ->> 0)` : sql<string>`((data::jsonb -> ${name}::text) ->> 1)`;
}
const jsonNum = (d: Dialect, name: string): RawBuilder<number> =>
  d === 'sqlite' ? sql<number>`json_extract(data, ${`$.${name}`})` : sql<number>`((data::jsonb ->> ${name}::text)::numeric)`;

function range(_eb: Eb, expr: Expression<unknown>, v: FilterValue, map: (x: string | number, end: boolean) => string | number): Cond[] {
  const [from, to] = asRange(v);
  const out: Cond[] = [];
  if (from !== null && from !== '') out.push(sql<SqlBool>`${expr} >= ${map(from, false)}`);
  if (to !== null && to !== '') out.push(sql<SqlBool>`${expr} <= ${map(to, true)}`);
  return out;
}

const num = (x: string | number) => {
  const n = Number(x);
  if (!Number.isFinite(n)) throw badRequest('筛选的数值不正确', 'filters');
  return n;
};
/** ISO timestamps compared as text: a date 'to' bound covers the whole day. */
const day = (x: string | number, end: boolean) => (end ? `${String(x)}T99` : String(x));

export function filterConditions(eb: Eb, m: AnyModule, filters: Record<string, FilterValue>, d: Dialect): Cond[] {
  const conds: Cond[] = [];
  for (const [key, v] of Object.entries(filters)) {
    const f = m.fields[key];
    if (!f) {
      switch (key as keyof typeof COMMON_COLUMNS) {
        case 'serialNo': conds.push(eb(eb.fn('lower', ['serial_no']), 'like', like(text(v)))); break;
        case 'title': conds.push(eb(eb.fn('lower', ['title']), 'like', like(text(v)))); break;
        case 'status': {
          const list = asList(v).filter((s) => (RECORD_STATUSES as readonly string[]).includes(s));
          if (list.length) conds.push(eb('status', 'in', list));
          break;
        }
        case 'applicant': conds.push(eb.or([eb('applicant', '=', text(v)), eb('applicant_name', 'like', like(text(v)))])); break;
        case 'dept': conds.push(eb('dept', 'in', asList(v))); break;
        case 'amount': conds.push(...range(eb, eb.ref('amount'), v, num)); break;
        case 'createdAt': conds.push(...range(eb, eb.ref('created_at'), v, day)); break;
        case 'submittedAt': conds.push(...range(eb, eb.ref('submitted_at'), v, day)); break;
      }
      continue;
    }
    switch (f.kind) {
      case 'int': case 'money': conds.push(...range(eb, jsonNum(d, key), v, num)); break;
      case 'date': conds.push(...range(eb, jsonText(d, key), v, String)); break;
      case 'daterange': {
        // overlaps [from, to]: starts on or before `to` and ends on or after `from`
        const [from, to] = asRange(v);
        if (to) conds.push(eb(jsonText(d, key, 0), '<=', String(to)));
        if (from) conds.push(eb(jsonText(d, key, 1), '>=', String(from)));
        break;
      }
      case 'select': case 'dept': conds.push(eb(jsonText(d, key), 'in', asList(v))); break;
      case 'user':
        if (f.multiple) conds.push(eb(jsonText(d, key), 'like', `%"${text(v).replace(/[%_"\\]/g, '')}"%`));
        else conds.push(eb(jsonText(d, key), 'in', asList(v)));
        break;
      case 'attachments': case 'table':
        throw badRequest(`不能按 ${f.label} 筛选（查询参数字段：filters.${key}）`, `filters.${key}`);
      default: conds.push(eb(eb.fn('lower', [jsonText(d, key)]), 'like', like(text(v))));
    }
  }
  return conds;
}
