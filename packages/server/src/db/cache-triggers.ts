import { sql, type QueryExecutorProvider } from 'kysely';
import type { Dialect } from './database';
import { CACHE_COUNTERS, FILTER_SLOTS, slotColumn, type CacheCounter, type Watch, type WriteOp } from './cache-dependencies';

/**
 * The triggers of `cache-dependencies.ts`, generated for both dialects. `syncCacheTriggers` replaces whatever
 * triggers bump a counter (or fill the slot columns) by the generated ones: a migration calls it whenever the
 * declaration changes. `cacheTriggerDrift` lists how the database differs from the declaration (a test keeps it
 * empty, so a changed declaration without its migration fails).
 */

type Event = 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';
const EVENT_ORDER: readonly Event[] = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'];

interface TriggerSpec {
  name: string;
  table: string;
  timing: 'BEFORE' | 'AFTER';
  level: 'ROW' | 'STATEMENT';
  events: readonly Event[];
  /** `UPDATE OF` these columns (none: any update) */
  columns: readonly string[];
  /** PostgreSQL: a constraint trigger deferred to commit */
  deferred: boolean;
  /** PostgreSQL: the function it runs; SQLite: the statement it runs */
  action: string;
}

interface FunctionSpec {
  name: string;
  body: string;
}

const SAFE = /^[a-z][a-z0-9_]{0,62}$/;
const id = (name: string): string => {
  if (!SAFE.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return name;
};

/** The watches with a write that bumps (a derived table's has none: it is only declared as read). */
const written = (c: CacheCounter): readonly Watch[] => c.watches.filter((w) => w.ops.length > 0);
const eventOf = (op: WriteOp): Event => op.toUpperCase() as Event;
const updateColumns = (w: Watch): readonly string[] => (w.columns === 'all' ? [] : w.columns);
const bumpFunction = (c: CacheCounter) => `oa_bump_${c.key}_version`;

/** The name of a counter's trigger on a table (PostgreSQL; SQLite appends the operation). */
export const cacheTriggerName = (key: string, table: string): string => `${table}_${key}_version`;

const FACETS_TRIGGER = `${FILTER_SLOTS.table}_facets`;
const FACETS_FUNCTION = 'oa_record_facets';

function sqliteTriggers(c: CacheCounter): TriggerSpec[] {
  const action = `UPDATE ${id(c.counter)} SET version = version + 1 WHERE id = 1`;
  return written(c).flatMap((w) =>
    w.ops.map((op) => ({
      name: `${w.table}_${c.key}_${op}`,
      table: w.table,
      timing: 'AFTER' as const,
      level: 'ROW' as const,
      events: [eventOf(op)],
      columns: op === 'update' ? updateColumns(w) : [],
      deferred: false,
      action,
    })),
  );
}

function pgTriggers(c: CacheCounter): TriggerSpec[] {
  const fn = bumpFunction(c);
  return written(c).flatMap((w): TriggerSpec[] => {
    const events = w.ops.map(eventOf);
    const base = { table: w.table, columns: w.ops.includes('update') ? updateColumns(w) : [], action: fn };
    const name = cacheTriggerName(c.key, w.table);
    if (c.pgTiming === 'statement') {
      const all = w.ops.includes('delete') ? [...events, 'TRUNCATE' as const] : events;
      return [{ ...base, name, timing: 'BEFORE', level: 'STATEMENT', events: all, deferred: false }];
    }
    const row: TriggerSpec = { ...base, name, timing: 'AFTER', level: 'ROW', events, deferred: true };
    if (!w.ops.includes('delete')) return [row];
    // a constraint trigger cannot fire on TRUNCATE: a statement trigger does (nothing else to lock then)
    const truncate: TriggerSpec = {
      ...base,
      columns: [],
      name: `${w.table}_${c.key}_truncate`,
      timing: 'BEFORE',
      level: 'STATEMENT',
      events: ['TRUNCATE'],
      deferred: false,
    };
    return [row, truncate];
  });
}

function pgBumpFunction(c: CacheCounter): FunctionSpec {
  const counter = id(c.counter);
  if (c.pgTiming === 'statement')
    return { name: bumpFunction(c), body: `BEGIN UPDATE ${counter} SET version = version + 1 WHERE id = 1; RETURN NULL; END` };
  // a row trigger fires once per written row: the transaction's first one bumps, the others find it done
  const first = (c.locksFirst ?? []).map((t) => `PERFORM 1 FROM ${id(t)} WHERE id = 1 FOR UPDATE; `).join('');
  return {
    name: bumpFunction(c),
    body:
      `BEGIN ${first}UPDATE ${counter} SET version = version + 1, tx = txid_current() ` +
      `WHERE id = 1 AND tx IS DISTINCT FROM txid_current(); RETURN NULL; END`,
  };
}

/** PostgreSQL: copies each declared slot's value out of the `data` JSON (the map says which field has which slot). */
function facetsFunction(): FunctionSpec {
  const slots = Array.from({ length: FILTER_SLOTS.count }, (_, i) => i + 1);
  const clear = slots.map((n) => `NEW.${id(slotColumn(n))} := NULL;`).join(' ');
  const assign = slots.map((n) => `WHEN ${n} THEN NEW.${id(slotColumn(n))} := v;`).join(' ');
  const [data, module] = FILTER_SLOTS.sources;
  const body =
    `DECLARE d jsonb; s record; v jsonb; BEGIN ${clear} ` +
    `FOR s IN SELECT slot, field, part, is_number FROM ${id(FILTER_SLOTS.mapTable)} WHERE module = NEW.${id(module)} LOOP ` +
    `IF d IS NULL THEN d := NEW.${id(data)}::jsonb; END IF; v := d -> s.field; ` +
    `IF s.part IS NOT NULL THEN v := v -> s.part; END IF; IF NOT s.is_number THEN v := to_jsonb(v #>> '{}'); END IF; ` +
    `CASE s.slot ${assign} ELSE NULL; END CASE; END LOOP; RETURN NEW; END`;
  return { name: FACETS_FUNCTION, body };
}

const facetsTrigger = (): TriggerSpec => ({
  name: FACETS_TRIGGER,
  table: FILTER_SLOTS.table,
  timing: 'BEFORE',
  level: 'ROW',
  events: ['INSERT', 'UPDATE'],
  columns: FILTER_SLOTS.sources,
  deferred: false,
  action: FACETS_FUNCTION,
});

/** table → its columns, as the database has them now */
type Columns = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * A counter as far as the schema has its tables and columns yet: a migration may run before the one that adds a
 * watched column, which calls `syncCacheTriggers` again (the drift check compares with the whole declaration).
 */
function existing(c: CacheCounter, schema: Columns): CacheCounter | null {
  if (!schema.has(c.counter)) return null;
  const watches = c.watches.flatMap((w): Watch[] => {
    const has = schema.get(w.table);
    if (!has) return [];
    if (w.columns === 'all') return [w];
    const columns = w.columns.filter((col) => has.has(col));
    return [{ ...w, columns, ops: columns.length ? w.ops : w.ops.filter((op) => op !== 'update') }];
  });
  return { ...c, watches };
}

/** Every trigger and function the declaration wants on a dialect (on `schema`: those its tables allow yet). */
export function generatedCacheTriggers(dialect: Dialect, schema?: Columns): { triggers: TriggerSpec[]; functions: FunctionSpec[] } {
  const counters = schema ? CACHE_COUNTERS.flatMap((c) => existing(c, schema) ?? []) : CACHE_COUNTERS;
  if (dialect === 'sqlite') return { triggers: counters.flatMap(sqliteTriggers), functions: [] };
  const slots = !schema || schema.get(FILTER_SLOTS.table)?.has(slotColumn(1));
  return {
    triggers: [...counters.flatMap(pgTriggers), ...(slots ? [facetsTrigger()] : [])],
    functions: [...counters.map(pgBumpFunction), ...(slots ? [facetsFunction()] : [])],
  };
}

/** The tables and columns the database has now. */
async function schemaColumns(db: QueryExecutorProvider, dialect: Dialect): Promise<Columns> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ tbl: string; col: string }>`select m.name as tbl, p.name as col from sqlite_master m
          join pragma_table_info(m.name) p where m.type = 'table'`.execute(db)
      : await sql<{ tbl: string; col: string }>`select table_name as tbl, column_name as col from information_schema.columns
          where table_schema = current_schema()`.execute(db);
  const out = new Map<string, Set<string>>();
  for (const r of rows) out.set(r.tbl, (out.get(r.tbl) ?? new Set()).add(r.col));
  return out;
}

function eventsSql(t: TriggerSpec): string {
  const ordered = EVENT_ORDER.filter((e) => t.events.includes(e));
  return ordered.map((e) => (e === 'UPDATE' && t.columns.length ? `UPDATE OF ${t.columns.map(id).join(', ')}` : e)).join(' OR ');
}

/** The CREATE statement of a trigger (SQLite keeps this text as written: the drift check compares it). */
export function triggerSql(dialect: Dialect, t: TriggerSpec): string {
  const head = `${t.timing} ${eventsSql(t)} ON ${id(t.table)}`;
  if (dialect === 'sqlite') return `CREATE TRIGGER ${id(t.name)} ${head} BEGIN ${t.action}; END`;
  const run = `FOR EACH ${t.level} EXECUTE FUNCTION ${id(t.action)}()`;
  if (t.deferred) return `CREATE CONSTRAINT TRIGGER ${id(t.name)} ${head} DEFERRABLE INITIALLY DEFERRED ${run}`;
  return `CREATE TRIGGER ${id(t.name)} ${head} ${run}`;
}

/** What a trigger does, in one comparable line (PostgreSQL: from the catalog or from the declaration). */
const describe = (t: Omit<TriggerSpec, 'action'> & { action: string }): string => {
  const events = EVENT_ORDER.filter((e) => t.events.includes(e)).join('|');
  const cols = t.columns.length ? ` OF ${[...t.columns].sort().join(',')}` : '';
  return `${t.name} ON ${t.table}: ${t.timing} ${events}${cols} ${t.level}${t.deferred ? ' DEFERRED' : ''} -> ${t.action}()`;
};

const WATCHED_NAMES = [...CACHE_COUNTERS.map((c) => c.counter), FILTER_SLOTS.mapTable];
/** SQLite: a trigger that writes a counter or the slot map is a cache trigger, whoever wrote it. */
const SQLITE_CACHE_TRIGGER = new RegExp(`\\b(update|into|from)\\s+"?(${WATCHED_NAMES.join('|')})\\b`, 'i');

interface FoundTrigger {
  name: string;
  table: string;
  /** SQLite: the statement as stored; PostgreSQL: its description */
  text: string;
}

async function sqliteFound(db: QueryExecutorProvider): Promise<FoundTrigger[]> {
  const { rows } = await sql<{ name: string; tbl_name: string; sql: string }>`
    select name, tbl_name, sql from sqlite_master where type = 'trigger' order by name`.execute(db);
  return rows.filter((r) => SQLITE_CACHE_TRIGGER.test(r.sql)).map((r) => ({ name: r.name, table: r.tbl_name, text: r.sql }));
}

const TG = { ROW: 1, BEFORE: 2, INSERT: 4, DELETE: 8, UPDATE: 16, TRUNCATE: 32 } as const;

/** PostgreSQL: the triggers that run a function writing a counter or reading the slot map (or one of ours). */
async function pgFound(db: QueryExecutorProvider, functions: readonly string[]): Promise<FoundTrigger[]> {
  const pattern = `(${WATCHED_NAMES.join('|')})`;
  const { rows } = await sql<{ name: string; tbl: string; type: number; deferred: boolean; fn: string; columns: string[] | null }>`
    select t.tgname as name, c.relname as tbl, t.tgtype as type, t.tginitdeferred as deferred, p.proname as fn,
      (select array_agg(a.attname::text order by k.ord) from unnest(t.tgattr::int2[]) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum) as columns
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and pg_table_is_visible(c.oid) and (p.proname = any(${[...functions]}) or p.prosrc ~* ${pattern})
    order by t.tgname`.execute(db);
  return rows.map((r) => {
    const events = EVENT_ORDER.filter((e) => r.type & TG[e]);
    const spec = {
      name: r.name,
      table: r.tbl,
      timing: r.type & TG.BEFORE ? ('BEFORE' as const) : ('AFTER' as const),
      level: r.type & TG.ROW ? ('ROW' as const) : ('STATEMENT' as const),
      events,
      columns: r.columns ?? [],
      deferred: r.deferred,
      action: r.fn,
    };
    return { name: r.name, table: r.tbl, text: describe(spec) };
  });
}

/** The cache triggers in the database, whoever created them. */
const foundTriggers = (db: QueryExecutorProvider, dialect: Dialect, functions: readonly FunctionSpec[]) =>
  dialect === 'sqlite'
    ? sqliteFound(db)
    : pgFound(
        db,
        functions.map((f) => f.name),
      );

/** How the database's cache triggers (and, on PostgreSQL, their functions) differ from the declaration; [] when equal. */
export async function cacheTriggerDrift(db: QueryExecutorProvider, dialect: Dialect): Promise<string[]> {
  const want = generatedCacheTriggers(dialect);
  const expected = want.triggers.map((t) => (dialect === 'sqlite' ? triggerSql(dialect, t) : describe(t)));
  const found = await foundTriggers(db, dialect, want.functions);
  const actual = found.map((f) => f.text);
  const out = [
    ...expected.filter((e) => !actual.includes(e)).map((e) => `missing: ${e}`),
    ...actual.filter((a) => !expected.includes(a)).map((a) => `not declared: ${a}`),
  ];
  if (dialect === 'postgres') {
    const { rows } = await sql<{ proname: string; prosrc: string }>`
      select proname, prosrc from pg_proc where proname = any(${want.functions.map((f) => f.name)})`.execute(db);
    for (const f of want.functions) if (rows.find((r) => r.proname === f.name)?.prosrc !== f.body) out.push(`function differs: ${f.name}`);
  }
  return out;
}

/**
 * Replaces every cache trigger in the database by the ones the declaration generates (`cache-dependencies.ts`), for
 * the tables and columns the schema has. A migration calls it whenever the declaration changes, and so does the
 * migration that adds a table or column the declaration watches.
 */
export async function syncCacheTriggers(db: QueryExecutorProvider, dialect: Dialect): Promise<void> {
  const want = generatedCacheTriggers(dialect, await schemaColumns(db, dialect));
  const found = await foundTriggers(db, dialect, generatedCacheTriggers(dialect).functions);
  for (const f of found)
    if (dialect === 'sqlite') await sql`DROP TRIGGER ${sql.id(f.name)}`.execute(db);
    else await sql`DROP TRIGGER ${sql.id(f.name)} ON ${sql.id(f.table)}`.execute(db);
  for (const f of want.functions)
    await sql.raw(`CREATE OR REPLACE FUNCTION ${id(f.name)}() RETURNS trigger LANGUAGE plpgsql AS $$${f.body}$$`).execute(db);
  for (const t of want.triggers) await sql.raw(triggerSql(dialect, t)).execute(db);
}
