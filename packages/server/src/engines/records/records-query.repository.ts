import { chinaInstant } from '@oa/shared/format/china-time';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { filterValue, type FilterValue } from '@oa/shared/contract/records';
import { COMMON_COLUMNS, RECORD_STATUSES, type AnyModule } from '@oa/shared/modules/define-module';
import type { Database } from '../../db/schema/database';
import type { Db, Dialect } from '../../db/database';
import { containsPattern } from '../../db/like';
import { fieldOperand, indexableField, moduleLiteral, numberOperand, type FieldOperand } from '../../db/record-field-indexes';
import { badRequest } from '../../lib/errors';
import { titleLookup, type TitleLookup } from './title-keyword.repository';
import { recordIdsByValue, sealedFieldsOf } from '../../db/sealed-records';
import type { FieldKeyring } from '../../lib/field-cipher';

/**
 * List filters of the records API: a JSON object of field or common column → value, turned into
 * conditions. Field values live in the `data` JSON column: json_extract (SQLite) / ->> (PostgreSQL).
 * Fields a filter compares as a whole are written as the expression of their index (literal names from
 * the declaration, db/record-field-indexes.ts) together with the module as a literal, so the planner reads
 * them from that index; other field names are passed as parameters. A title keyword of 3+ characters is
 * looked up in the module's own entries of the title index (title-keyword.repository.ts, migration 120), so a
 * common word never reads other modules' matches; the LIKE stays as the exact condition.
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
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('筛选条件应为对象（查询参数字段：filters）', 'filters');
  const out: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === '' || (Array.isArray(value) && value.every((v) => v === null || v === ''))) continue;
    if (!(key in m.fields) && !(key in COMMON_COLUMNS))
      throw badRequest(`不能按 ${key} 筛选（查询参数字段：filters.${key}）`, `filters.${key}`);
    const r = filterValue.safeParse(value);
    if (!r.success) throw badRequest(`筛选条件 ${key} 的取值不正确（查询参数字段：filters.${key}）`, `filters.${key}`);
    const allowed = enumValues(m, key);
    const unknown = allowed ? asList(r.data).find((x) => !allowed.includes(x)) : undefined;
    if (unknown !== undefined) {
      throw badRequest(`筛选条件 ${key} 的取值「${unknown.slice(0, 40)}」不在可选范围内（查询参数字段：filters.${key}）`, `filters.${key}`);
    }
    out[key] = r.data;
  }
  return out;
}

/** The values an enumerated filter accepts (status, select fields); null when any value is allowed. */
function enumValues(m: AnyModule, key: string): readonly string[] | null {
  const f = m.fields[key];
  if (f?.kind === 'select') return f.options.map((o) => o.value);
  if (!f && key === 'status') return RECORD_STATUSES;
  return null;
}

/** The words of a "contains" filter: trimmed, lower case. */
const wordsOf = (v: FilterValue) => text(v).trim().toLowerCase();
/** `expr` contains the words (LIKE's wildcards in them taken as written). */
const contains = (expr: Expression<unknown>, words: string) => sql<SqlBool>`${expr} like ${containsPattern(words)}`;
const asRange = (v: FilterValue): [string | number | null, string | number | null] =>
  Array.isArray(v) ? [v[0] ?? null, v[1] ?? null] : [v, v];
const asList = (v: FilterValue): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string | number => x !== null && x !== '').map(String);
const text = (v: FilterValue): string => (Array.isArray(v) ? String(v[0] ?? '') : String(v));

function jsonText(d: Dialect, name: string): RawBuilder<string> {
  return d === 'sqlite' ? sql<string>`json_extract(data, ${`$.${name}`})` : sql<string>`(data::jsonb ->> ${name}::text)`;
}

function range(
  _eb: Eb,
  expr: Expression<unknown>,
  v: FilterValue,
  map: (x: string | number, end: boolean) => string | number | RawBuilder<unknown>,
): Cond[] {
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
/** A date bound of a timestamp column: China's day, from its first to its last millisecond (ISO, compared as text). */
const day = (x: string | number, end: boolean) => {
  const d = String(x);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(d))) throw badRequest('筛选的日期不正确', 'filters');
  return chinaInstant(d, end ? '23:59:59.999' : '00:00');
};

/**
 * Whether a filter can only be checked row by row (no index serves it): "contains" text (LIKE '%…%' on a form
 * field, the serial number, the applicant's name) and title keywords shorter than 3 characters, which the
 * trigram indexes cannot match. A list with such filters scans a bounded window (records-page.repository.ts).
 */
function scanOnlyFilter(m: AnyModule, key: string, v: FilterValue): boolean {
  const f = m.fields[key];
  if (!f) {
    if (key === 'serialNo' || key === 'applicant') return true;
    if (key === 'title') return [...wordsOf(v)].length < 3;
    return false;
  }
  switch (f.kind) {
    case 'text':
      return f.format !== 'month';
    case 'user':
      return !!f.multiple;
    case 'int':
    case 'money':
    case 'date':
    case 'daterange':
    case 'select':
    case 'dept':
      return false;
    default:
      return true;
  }
}

/** The filters split into those an index serves and those checked row by row within a bounded window. */
function splitFilters(m: AnyModule, filters: Record<string, FilterValue>) {
  const indexed: Record<string, FilterValue> = {};
  const scanned: Record<string, FilterValue> = {};
  for (const [k, v] of Object.entries(filters)) (scanOnlyFilter(m, k, v) ? scanned : indexed)[k] = v;
  return { indexed, scanned: Object.keys(scanned).length ? scanned : null };
}

/** Whether the filters name a form field that has an expression index (the list is then read from that index). */
function fieldLed(m: AnyModule, filters: Record<string, FilterValue>, d: Dialect): boolean {
  return Object.keys(filters).some((k) => m.fields[k] && indexableField(m.fields[k], d));
}

/**
 * A list's filters as conditions: `where` those an index serves (`ownWhere` the same for one user's own rows:
 * PostgreSQL checks their form fields row by row, see `fieldOperand`), `scan` those checked row by row (null: none).
 */
export async function listFilters(db: Db, keys: FieldKeyring, m: AnyModule, filters: Record<string, FilterValue>, d: Dialect) {
  // a sealed field (ID or bank card number) matches the whole number, by its keyed hash (business_record_hash)
  const sealed = new Set(sealedFieldsOf(m.code).map(([n]) => n));
  const byHash = Object.entries(filters).filter(([k, v]) => sealed.has(k) && text(v).trim() !== '');
  const { indexed, scanned } = splitFilters(m, Object.fromEntries(Object.entries(filters).filter(([k]) => !sealed.has(k))));
  const title = indexed.title === undefined ? null : await titleLookup(db, d, m.code, wordsOf(indexed.title));
  const hashed = (eb: Eb): Cond[] =>
    byHash.map(([k, v]) => eb('business_record.id', 'in', recordIdsByValue(db, keys, m.code, k, text(v).trim())));
  return {
    where: (eb: Eb) => eb.and([...hashed(eb), ...filterConditions(eb, m, indexed, d, { title })]),
    ownWhere: (eb: Eb) => eb.and([...hashed(eb), ...filterConditions(eb, m, indexed, d, { title, viaSlots: false })]),
    // a common title keyword is counted from the module's matches in the index, not from every row of the list
    countWhere:
      title?.ids === null ? (eb: Eb) => eb.and([...hashed(eb), ...filterConditions(eb, m, indexed, d, { title, count: true })]) : undefined,
    scan: scanned && ((eb: Eb) => eb.and(filterConditions(eb, m, scanned, d))),
    byField: fieldLed(m, indexed, d),
  };
}

function filterConditions(
  eb: Eb,
  m: AnyModule,
  filters: Record<string, FilterValue>,
  d: Dialect,
  { title = null, viaSlots = true, count = false }: { title?: TitleLookup | null; viaSlots?: boolean; count?: boolean } = {},
): Cond[] {
  const conds: Cond[] = [];
  // the partial indexes of filterable fields are per module: name it as a literal once
  if (fieldLed(m, filters, d)) conds.push(moduleLiteral(d, m.code));
  for (const [key, v] of Object.entries(filters)) {
    const f = m.fields[key];
    // a field compared as a whole: its slot column (PostgreSQL) or index expression, and bounds as they are stored
    const op = (part: 0 | 1 | null = null): FieldOperand =>
      indexableField(f, d) ? fieldOperand(d, m.code, key, part, viaSlots) : { expr: jsonText(d, key), value: (x) => x };
    const within = (o: FieldOperand, list: string[]): Cond => eb(o.expr, 'in', list.map(o.value));
    if (!f) {
      switch (key as keyof typeof COMMON_COLUMNS) {
        case 'serialNo':
          conds.push(contains(eb.fn('lower', ['serial_no']), wordsOf(v)));
          break;
        case 'title': {
          // the index names the module's few matches (a common keyword: the page walks the list, the count asks the
          // index); the LIKE checks the keyword on each row
          if (title?.ids) conds.push(title.ids.length ? eb('business_record.id', 'in', title.ids) : sql<SqlBool>`1 = 0`);
          else if (title && count) conds.push(title.set);
          conds.push(contains(eb.fn('lower', ['title']), wordsOf(v)));
          break;
        }
        case 'status': {
          // parseFilters refused any value outside RECORD_STATUSES
          conds.push(eb('status', 'in', asList(v)));
          break;
        }
        case 'applicant':
          conds.push(eb.or([eb('applicant', '=', text(v)), contains(eb.fn('lower', ['applicant_name']), wordsOf(v))]));
          break;
        case 'dept':
          conds.push(eb('dept', 'in', asList(v)));
          break;
        case 'amount':
          conds.push(...range(eb, eb.ref('amount'), v, num));
          break;
        case 'createdAt':
          conds.push(...range(eb, eb.ref('created_at'), v, day));
          break;
        case 'submittedAt':
          conds.push(...range(eb, eb.ref('submitted_at'), v, day));
          break;
      }
      continue;
    }
    switch (f.kind) {
      case 'int':
      case 'money': {
        // PostgreSQL: jsonb numbers against jsonb bounds, as the slot (or the expression index) stores them
        const n = numberOperand(d, m.code, key, viaSlots);
        if (d === 'sqlite') conds.push(...range(eb, n, v, num));
        else {
          const bounds = range(eb, n, v, (x) => sql`${JSON.stringify(num(x))}::jsonb`);
          if (bounds.length) conds.push(...bounds, sql<SqlBool>`jsonb_typeof(${n}) = 'number'`);
        }
        break;
      }
      case 'date': {
        const o = op();
        conds.push(...range(eb, o.expr, v, (x) => o.value(String(x))));
        break;
      }
      case 'daterange': {
        // overlaps [from, to]: starts on or before `to` and ends on or after `from` (each end has its index)
        const [from, to] = asRange(v);
        const [start, end] = [op(0), op(1)];
        if (to) conds.push(sql<SqlBool>`${start.expr} <= ${start.value(String(to))}`);
        if (from) conds.push(sql<SqlBool>`${end.expr} >= ${end.value(String(from))}`);
        break;
      }
      case 'select':
      case 'dept':
        conds.push(within(op(), asList(v)));
        break;
      case 'user':
        if (f.multiple) conds.push(eb(jsonText(d, key), 'like', `%"${text(v).replace(/[%_"\\]/g, '')}"%`));
        else conds.push(within(op(), asList(v)));
        break;
      case 'attachments':
      case 'table':
        throw badRequest(`不能按 ${f.label} 筛选（查询参数字段：filters.${key}）`, `filters.${key}`);
      case 'text':
        // a month ('YYYY-MM', sorts as text): one month, or a range of months [from, to]
        if (f.format === 'month') {
          for (const x of asRange(v))
            if (x !== null && x !== '' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(String(x)))
              throw badRequest(`${f.label}应为“年-月”，如 2026-05（查询参数字段：filters.${key}）`, `filters.${key}`);
          const o = op();
          conds.push(...range(eb, o.expr, v, (x) => o.value(String(x))));
        } else conds.push(contains(eb.fn('lower', [jsonText(d, key)]), wordsOf(v)));
        break;
      default:
        conds.push(contains(eb.fn('lower', [jsonText(d, key)]), wordsOf(v)));
    }
  }
  return conds;
}
