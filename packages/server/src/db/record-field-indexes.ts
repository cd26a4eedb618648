import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import type { Db, Dialect } from './database';
import { FILTER_SLOTS, slotColumn } from './cache-dependencies';

/**
 * Indexes for the form fields a module's declaration lists in `list.filters` (issue 18): one partial index per
 * (module, field) on `business_record` `where module = '<code>'`, led by the field's value and then
 * `created_at, id`, so an equality or range filter is read from the index in list order; the visibility columns
 * (status, applicant, dept) ride along, so the capped count and the ids of a page never read the table.
 * - SQLite indexes the expression itself (`json_extract(data, '$.f')`): it reads an index of expressions as a
 *   covering index.
 * - PostgreSQL never reads an index of an expression index-only, so the values are copied into slot columns
 *   (`facet_1` …, declared in `FILTER_SLOTS` of cache-dependencies.ts) by a row trigger and the index is on the slot. Which field of which module has
 *   which slot follows the declarations (`filterSlots`) and is written to `record_filter_slot` at start-up
 *   (`syncFilterSlots`), where the trigger reads it.
 * A date range field (`[start, end]`) gets two, one per end. They follow the declarations: created at start-up when
 * missing (a field added to `list.filters` gets its index on the next start). The filter
 * (records-query.repository.ts) writes the same operand (`fieldOperand`) and the module as a literal, which is what
 * lets both planners match the index and its partial predicate.
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
function fieldExpr(dialect: Dialect, name: string): RawBuilder<string> {
  // declared names are identifiers; anything else is passed as a parameter (correct, just not indexed)
  if (!SAFE.test(name))
    return dialect === 'sqlite' ? sql<string>`json_extract(data, ${`$.${name}`})` : sql<string>`(data::jsonb ->> ${name}::text)`;
  return dialect === 'sqlite' ? sql<string>`json_extract(data, ${sql.lit(`$.${name}`)})` : sql<string>`(data::jsonb ->> ${sql.lit(name)})`;
}

const isNumber = (f: AnyField) => f.kind === 'int' || f.kind === 'money';

/** One end of a date range field (`[start, end]`, 0 the start, 1 the end) as text, written as its index stores it. */
function rangeEndExpr(dialect: Dialect, name: string, end: 0 | 1): RawBuilder<string> {
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
function numberExpr(dialect: Dialect, name: string): RawBuilder<number> {
  if (dialect === 'sqlite') return sql<number>`${fieldExpr(dialect, name)}`;
  return SAFE.test(name) ? sql<number>`(data::jsonb -> ${sql.lit(name)})` : sql<number>`(data::jsonb -> ${name}::text)`;
}

/** The expressions the indexes of a field are built on (and its filter compares): two for a date range. */
function fieldIndexExprs(dialect: Dialect, f: AnyField, name: string): Array<{ suffix: string; expr: RawBuilder<unknown> }> {
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
 * `idx_rf_*` of before); PostgreSQL `idx_rf_<module>_<field>` on (expr, created_at, id) for a field without a slot
 * (its planner never reads it index-only, so extra columns would only make it look attractive to branches that have
 * a better one) and `idx_rs_*` for a slot. A hash when the name would be too long for PostgreSQL.
 */
const fieldIndexName = (dialect: Dialect, module: string, field: string): string =>
  indexName(dialect === 'sqlite' ? 'idx_rfv_' : 'idx_rf_', module, field);
function indexName(prefix: string, module: string, field: string): string {
  const name = `${prefix}${module}_${field}`.toLowerCase();
  return name.length <= 60 ? name : `${prefix}${createHash('sha1').update(`${module}/${field}`).digest('hex').slice(0, 20)}`;
}

/** (module, field) pairs that get an index: declared filters of an indexable kind. */
function indexedFields(
  dialect: Dialect,
  modules: readonly AnyModule[] = ENGINE_MODULES,
): Array<{ module: string; field: string; def: AnyField }> {
  return modules.flatMap((m) =>
    m.list.filters
      .filter((k) => k in m.fields && indexableField(m.fields[k], dialect) && SAFE.test(k) && SAFE.test(m.code))
      .map((field) => ({ module: m.code, field, def: m.fields[field] })),
  );
}

/** PostgreSQL: one slot column of a module's filterable field (or of one end of a date range). */
export interface FilterSlot {
  module: string;
  field: string;
  /** the end of a date range (0 the start, 1 the end); null for a field compared as a whole */
  part: 0 | 1 | null;
  slot: number;
  isNumber: boolean;
}

/**
 * The slot columns of every indexed field, in declaration order per module. A field that no longer fits in the
 * module's `FILTER_SLOTS.count` keeps its expression index (correct, read from the table).
 */
export function filterSlots(modules: readonly AnyModule[] = ENGINE_MODULES): FilterSlot[] {
  const used = new Map<string, number>();
  const out: FilterSlot[] = [];
  for (const { module, field, def } of indexedFields('postgres', modules)) {
    const parts: Array<0 | 1 | null> = def.kind === 'daterange' ? [0, 1] : [null];
    const n = used.get(module) ?? 0;
    if (n + parts.length > FILTER_SLOTS.count) continue;
    parts.forEach((part, i) => out.push({ module, field, part, slot: n + i + 1, isNumber: isNumber(def) }));
    used.set(module, n + parts.length);
  }
  return out;
}

let slotsByKey: Map<string, number> | undefined;
const slotKey = (module: string, field: string, part: 0 | 1 | null) => `${module}\u0000${field}\u0000${part ?? ''}`;

/** The slot column number of a declared module's field on PostgreSQL, if it has one. */
function slotOf(module: string, field: string, part: 0 | 1 | null): number | undefined {
  slotsByKey ??= new Map(filterSlots().map((s) => [slotKey(s.module, s.field, s.part), s.slot]));
  return slotsByKey.get(slotKey(module, field, part));
}

/** A form field (or one end of a date range) as a filter compares it, and a bound of the comparison as it is stored. */
export interface FieldOperand {
  expr: RawBuilder<unknown>;
  value: (x: string) => string | RawBuilder<unknown>;
}

/**
 * The operand of a filter on an indexable field: on PostgreSQL its slot column when it has one (text values stored
 * as jsonb strings, so a bound is a jsonb string too) and `viaSlot`, else the expression of its index. One user's
 * own rows pass `viaSlot` false: they are read from (module, applicant, …) and checked row by row — the slot's
 * index, which carries the applicant, would look cheaper to the planner and walk every row of the value.
 */
export function fieldOperand(dialect: Dialect, module: string, name: string, part: 0 | 1 | null = null, viaSlot = true): FieldOperand {
  const slot = dialect === 'postgres' && viaSlot ? slotOf(module, name, part) : undefined;
  if (slot !== undefined) return { expr: sql.ref(slotColumn(slot)), value: (x) => sql`${JSON.stringify(x)}::jsonb` };
  return { expr: part === null ? fieldExpr(dialect, name) : rangeEndExpr(dialect, name, part), value: (x) => x };
}

/** A number field as its filter compares it: PostgreSQL's slot column (the jsonb value) when it has one. */
export function numberOperand(dialect: Dialect, module: string, name: string, viaSlot = true): RawBuilder<number> {
  const slot = dialect === 'postgres' && viaSlot ? slotOf(module, name, null) : undefined;
  return slot !== undefined ? sql.ref<number>(slotColumn(slot)) : numberExpr(dialect, name);
}

const slotIndexName = (s: FilterSlot) => indexName('idx_rs_', s.module, `${s.field}${s.part === null ? '' : `_${s.part}`}_s${s.slot}`);

/**
 * Writes the declared slots to `record_filter_slot` and, for each module whose slots changed, fills the slot
 * columns of its rows again (the trigger runs on `set data = data`). Under a lock: two servers starting at once
 * do it one after the other, the second finding nothing to change.
 */
export async function syncFilterSlots(db: Db, slots: readonly FilterSlot[] = filterSlots()): Promise<void> {
  const keyOf = (r: { slot: number; field: string; part: number | null; isNumber: boolean }) =>
    `${r.slot}:${r.field}:${r.part ?? ''}:${r.isNumber}`;
  const wanted = new Map<string, string[]>();
  for (const s of slots) wanted.set(s.module, [...(wanted.get(s.module) ?? []), keyOf(s)]);
  await db.transaction().execute(async (trx) => {
    await sql`lock table record_filter_slot in exclusive mode`.execute(trx);
    const { rows } = await sql<{ module: string; slot: number; field: string; part: number | null; is_number: boolean }>`
      select module, slot, field, part, is_number from record_filter_slot`.execute(trx);
    const stored = new Map<string, string[]>();
    for (const r of rows) stored.set(r.module, [...(stored.get(r.module) ?? []), keyOf({ ...r, isNumber: r.is_number })]);
    const same = (a: string[] = [], b: string[] = []) => a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
    for (const module of new Set([...wanted.keys(), ...stored.keys()])) {
      if (same(wanted.get(module), stored.get(module))) continue;
      await sql`delete from record_filter_slot where module = ${module}`.execute(trx);
      const values = slots
        .filter((x) => x.module === module)
        .map((s) => sql`(${s.module}, ${s.slot}, ${s.field}, ${s.part}, ${s.isNumber})`);
      if (values.length)
        await sql`insert into record_filter_slot (module, slot, field, part, is_number) values ${sql.join(values)}`.execute(trx);
      await sql`update business_record set data = data where module = ${module}`.execute(trx);
    }
  });
}

/** The indexes of filterable fields the declarations want, by name. */
function wantedIndexes(dialect: Dialect): Map<string, RawBuilder<unknown>> {
  const out = new Map<string, RawBuilder<unknown>>();
  const slotted = new Set<string>();
  if (dialect === 'postgres') {
    for (const s of filterSlots()) {
      slotted.add(`${s.module}/${s.field}`);
      const name = slotIndexName(s);
      out.set(
        name,
        sql`create index if not exists ${sql.id(name)} on business_record (${sql.ref(slotColumn(s.slot))}, created_at, id, status, applicant, dept) where ${moduleLiteral(dialect, s.module)}`,
      );
    }
  }
  for (const { module, field, def } of indexedFields(dialect)) {
    if (slotted.has(`${module}/${field}`)) continue;
    for (const { suffix, expr } of fieldIndexExprs(dialect, def, field)) {
      const name = fieldIndexName(dialect, module, field + suffix);
      const where = moduleLiteral(dialect, module);
      out.set(
        name,
        dialect === 'sqlite'
          ? sql`create index if not exists ${sql.id(name)} on business_record (${expr}, created_at, id, status, applicant, dept, module) where ${where}`
          : sql`create index if not exists ${sql.id(name)} on business_record (${expr}, created_at, id) where ${where}`,
      );
    }
  }
  return out;
}

export async function ensureRecordFieldIndexes(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return ensureIndexes(db, dialect);
  // on one connection free of the statement budget: a new index or a slot refill reads every record
  await db.connection().execute(async (c) => {
    await sql`set statement_timeout = 0`.execute(c);
    try {
      await ensureIndexes(c, dialect);
    } finally {
      await sql`reset statement_timeout`.execute(c);
    }
  });
}

async function ensureIndexes(db: Db, dialect: Dialect): Promise<void> {
  const wanted = wantedIndexes(dialect);
  if (dialect === 'postgres') {
    // indexes of fields no longer declared, or of a slot a field no longer has, go first (the refill keeps fewer)
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'business_record' and left(indexname, 7) in ('idx_rf_', 'idx_rs_')`.execute(db);
    for (const { indexname } of rows) if (!wanted.has(indexname)) await sql`drop index if exists ${sql.id(indexname)}`.execute(db);
    await syncFilterSlots(db);
  }
  for (const create of wanted.values()) await create.execute(db);
}
