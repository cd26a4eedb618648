import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { FieldKeyring } from '../../lib/field-cipher';

/** A migration that knows the dialect it runs on (auto-increment ids differ). */
export interface OaMigration {
  name: string;
  /** `keys`: the data keys, for a migration that encrypts sensitive values (absent: none configured for this run) */
  up(db: Kysely<any>, dialect: Dialect, keys?: FieldKeyring): Promise<void>;
}

/** Adds an auto-increment integer primary key `id` in either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? t.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : t.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/**
 * A one-row change counter (docs/performance.md, caches under version counters): table `name` with `id`, `version`
 * and (`perTransaction`, the default) `tx`, the PostgreSQL transaction that bumped it last, for a counter bumped at
 * commit once per transaction; and its one row (id 1, version 0). Its triggers are the migration's (or generated
 * from db/cache-dependencies.ts by `syncCacheTriggers`).
 */
export async function createCounterTable(db: Kysely<any>, name: string, { perTransaction = true } = {}): Promise<void> {
  let t = db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull());
  if (perTransaction) t = t.addColumn('tx', 'bigint');
  await t.execute();
  await db.insertInto(name).values({ id: 1, version: 0 }).execute();
}

/** A function (menu page or permission key) as the seed wrote it at a migration's version: a frozen copy. */
export interface FrozenFunction {
  fun_code: string;
  fun_name: string;
  parent_code: string;
  router: string | null;
  sort_no: number;
  icon: string | null;
  /** a permission key: hidden, menu type 2 (default: a visible page, menu type 1) */
  key?: boolean;
}

/**
 * Adds functions to a database seeded before them: each whose parent is there and which is not. An empty database
 * (not yet seeded) gets nothing — its seed writes them.
 */
export async function addMissingFunctions(db: Kysely<any>, rows: readonly FrozenFunction[]): Promise<void> {
  const codes = [...new Set(rows.flatMap((r) => [r.fun_code, r.parent_code]))];
  const present = new Set(
    (await db.selectFrom('sys_function').select('fun_code').where('fun_code', 'in', codes).execute()).map((r) => r.fun_code as string),
  );
  const missing = rows.filter((r) => present.has(r.parent_code) && !present.has(r.fun_code));
  if (!missing.length) return;
  await db
    .insertInto('sys_function')
    .values(
      missing.map(({ key, ...r }) => ({
        ...r,
        router_selected: null,
        is_hidden: key ? 'Y' : 'N',
        is_link: 'N',
        link_url: null,
        menu_type: key ? '2' : '1',
        platform_code: '1',
        no_cache: 'N',
      })),
    )
    .execute();
}
