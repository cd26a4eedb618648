import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import type { Db, Dialect } from './database';

/**
 * Expression indexes for the form fields a module's declaration lists in `list.filters` (issue 18): one
 * partial index per (module, field) on `business_record`, `(<field expression>, created_at, id) where module =
 * '<code>'`, so an equality or range filter is read from the index in list order. On SQLite the index also
 * carries the visibility columns (status, applicant, dept, and the module a branch names as a bound value), which
 * are then checked on the entry: the capped count and the ids of a page never read the table (SQLite reads an
 * index of expressions as a covering index; PostgreSQL cannot, see `fieldIndexName`). A date range field (`[start, end]`) gets two, one per end. They follow the declarations:
 * created at start-up when missing (a field added to `list.filters` gets its index on the next start). The
 * filter (records-query.repository.ts) writes the same expression and the module as a literal, which is what
 * lets both planners match the expression and the partial predicate.
 */

const SAFE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** Whether a filter on this field compares the field's value as a whole (equality, range): the indexable kinds. */
export function indexableField(f: AnyField, _dialect: Dialect): boolean {
  switch (f.kind) {
    case 'select':
    case 'dept':
    case 'date':
    case 'daterange':
      return true;
    case 'user':
      return !f.multiple;
    case 'text':
      return f.format === 'month';
    // numbers: json_extract keeps their type on SQLite; PostgreSQL compares the jsonb value (numberExpr)
    case 'int':
    case 'money':
      return true;
    default:
      return false;
  }
}

/** A field of the `data` JSON column, written with literal names so that it matches the index expression. */
export function fieldExpr(dialect: Dialect, name: string): RawBuilder<string> {
  // declared names are identifiers; anything else is passed as a parameter (correct, just not indexed)
  if (!SAFE.test(name))
    return dialect === 'sqlite' ? sql<string>`json_extract(data, ${`$.${name}`})` : sql<string>`(data::jsonb ->> ${name}::text)`;
  return dialect === 'sqlite' ? sql<string>`json_extract(data, ${sql.lit(`$.${name}`)})` : sql<string>`(data::jsonb ->> ${sql.lit(name)})`;
}

const isNumber = (f: AnyField) => f.kind === 'int' || f.kind === 'money';

/** One end of a date range field (`[start, end]`, 0 the start, 1 the end) as text, written as its index stores it. */
export function rangeEndExpr(dialect: Dialect, name: string, end: 0 | 1): RawBuilder<string> {
  if (!SAFE.test(name)) {
    return dialect === 'sqlite'
      ? sql<string>`json_extract(data, ${`$.${name}[${end}]`})`
      : sql<string>`((data::jsonb -> ${name}::text) ->> ${sql.lit(end)})`;
  }
  return dialect === 'sqlite'
    ? sql<string>`json_extract(data, ${sql.lit(`$.${name}[${end}]`)})`
    : sql<string>`((data::jsonb -> ${sql.lit(name)}) ->> ${sql.lit(end)})`;
}

/**
 * A number field as its index stores it: SQLite json_extract (typed); PostgreSQL the jsonb value
 * `data::jsonb -> 'name'`, which compares numbers numerically (a ::numeric cast in an index would make an
 * insert of a non-numeric value fail). A range filter compares it with jsonb numbers and checks the type.
 */
export function numberExpr(dialect: Dialect, name: string): RawBuilder<number> {
  if (dialect === 'sqlite') return sql<number>`${fieldExpr(dialect, name)}`;
  return SAFE.test(name) ? sql<number>`(data::jsonb -> ${sql.lit(name)})` : sql<number>`(data::jsonb -> ${name}::text)`;
}

/** The expressions the indexes of a field are built on (and its filter compares): two for a date range. */
export function fieldIndexExprs(dialect: Dialect, f: AnyField, name: string): Array<{ suffix: string; expr: RawBuilder<unknown> }> {
  if (f.kind === 'daterange') return ([0, 1] as const).map((end) => ({ suffix: `_${end}`, expr: rangeEndExpr(dialect, name, end) }));
  return [{ suffix: '', expr: isNumber(f) ? numberExpr(dialect, name) : fieldExpr(dialect, name) }];
}

/**
 * `module = '<code>'` as a literal: the partial indexes' predicate. SQLite writes it `+module = '<code>'`, which
 * no index on the module column can use: a list filtered by a field then reads the field's index (which carries
 * status, applicant and dept) rather than a module index checking the JSON row by row — with ANALYZE statistics
 * a value common to the whole module looks no better than the module, and SQLite would pick the module index.
 */
export function moduleLiteral(dialect: Dialect, code: string): RawBuilder<boolean> {
  if (!SAFE.test(code)) return dialect === 'sqlite' ? sql<boolean>`+module = ${code}` : sql<boolean>`module = ${code}`;
  return dialect === 'sqlite' ? sql<boolean>`+module = ${sql.lit(code)}` : sql<boolean>`module = ${sql.lit(code)}`;
}

/**
 * SQLite `idx_rfv_<module>_<field>` (v: the visibility columns ride along; migration 079 dropped the narrower
 * `idx_rf_*` of before); PostgreSQL keeps `idx_rf_<module>_<field>` on (expr, created_at, id): its planner never
 * reads an expression index index-only (the query names `data`), so extra columns would only make the index
 * look attractive to branches that have a better one. A hash when the name would be too long for PostgreSQL.
 */
export function fieldIndexName(dialect: Dialect, module: string, field: string): string {
  const prefix = dialect === 'sqlite' ? 'idx_rfv_' : 'idx_rf_';
  const name = `${prefix}${module}_${field}`.toLowerCase();
  return name.length <= 60 ? name : `${prefix}${createHash('sha1').update(`${module}/${field}`).digest('hex').slice(0, 20)}`;
}

/** (module, field) pairs that get an index: declared filters of an indexable kind. */
export function indexedFields(
  dialect: Dialect,
  modules: readonly AnyModule[] = ENGINE_MODULES,
): Array<{ module: string; field: string; def: AnyField }> {
  return modules.flatMap((m) =>
    m.list.filters
      .filter((k) => k in m.fields && indexableField(m.fields[k], dialect) && SAFE.test(k) && SAFE.test(m.code))
      .map((field) => ({ module: m.code, field, def: m.fields[field] })),
  );
}

export async function ensureRecordFieldIndexes(db: Db, dialect: Dialect): Promise<void> {
  for (const { module, field, def } of indexedFields(dialect)) {
    for (const { suffix, expr } of fieldIndexExprs(dialect, def, field)) {
      const name = sql.id(fieldIndexName(dialect, module, field + suffix));
      const where = moduleLiteral(dialect, module);
      await (
        dialect === 'sqlite'
          ? sql`create index if not exists ${name} on business_record (${expr}, created_at, id, status, applicant, dept, module) where ${where}`
          : sql`create index if not exists ${name} on business_record (${expr}, created_at, id) where ${where}`
      ).execute(db);
    }
  }
}
