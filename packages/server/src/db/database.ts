import fs from 'node:fs';
import path from 'node:path';
import type pgModule from 'pg';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import type { Database } from './schema/database';
import { openSqlite } from './sqlite-driver';
import { DEFAULT_READERS } from './sqlite-readers';
import { statementName } from './prepared';
import { lazyRequire } from '../lib/lazy-require';

const loadPg = lazyRequire<typeof pgModule>('pg');

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** The dialect behind a Kysely instance (or a transaction of it). */
export const dialectOf = (db: Db): Dialect => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** the pool's connections (metrics): PostgreSQL's pool; SQLite keeps one writer and its reader threads */
  poolState(): { total: number; idle: number; waiting: number };
}

/**
 * A `pg` client that sends the few fixed queries of db/prepared.ts as named statements (parsed and planned once
 * per connection); every other query goes as before, unnamed.
 */
function namingClient(pg: typeof pgModule) {
  return class NamingClient extends pg.Client {
    // pg's overloads: (text, values) is the only form Kysely uses for a query with rows (cursors pass an object)
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name = typeof text === 'string' && args.length === 2 && Array.isArray(values) ? statementName(text) : undefined;
      if (name) return super.query({ name, text: text as string, values: values as unknown[] }) as never;
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  sqliteFile: string;
  sqliteImage?: Buffer;
  /** SQLite: reader threads (OA_DB_READERS, default 2) */
  readers?: number;
  /** every statement's time budget (OA_DB_STATEMENT_TIMEOUT_MS); none when absent or 0 (scripts, generators) */
  statementTimeoutMs?: number;
}

/**
 * Opens PostgreSQL from a postgres:// URL, else SQLite: a writer and reader threads of the file (db/sqlite-driver.ts),
 * WAL, synchronous=FULL, busy_timeout, prepared statements cached by SQL text. `sqliteImage` (a database file's bytes)
 * is opened in memory instead of the file. A statement past `statementTimeoutMs` answers `queryTimeout()` (HTTP 503):
 * a SQLite read is interrupted on its reader thread; PostgreSQL ends any statement by its `statement_timeout`
 * (error 57014, mapped by plugins/errors.ts). Migrations run without it (db/migrate.ts).
 */
export function openDatabase(opts: OpenOptions): DbHandle {
  const timeoutMs = opts.statementTimeoutMs && opts.statementTimeoutMs > 0 ? opts.statementTimeoutMs : 0;
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pg = loadPg();
    // Keep numeric types as JS numbers (COUNT(*) and BIGINT ids are well below 2^53 here).
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: namingClient(pg),
      ...(timeoutMs ? { statement_timeout: timeoutMs } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = opts.sqliteImage ?? opts.sqliteFile;
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const readers = opts.readers ?? DEFAULT_READERS;
  const db = new Kysely<Database>({ dialect: openSqlite(file, { readers, statementTimeoutMs: timeoutMs }) });
  const total = typeof file === 'string' && file !== ':memory:' ? 1 + readers : 1;
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolState: () => ({ total, idle: 0, waiting: 0 }) };
}
