import SQLite from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpoint';
import { startReaders, type ReaderPool } from './sqlite-readers';
import { cachingDatabase, type CachingDatabase as Statements } from './sqlite-statements';

/** The writer's turn: a transaction holds it from BEGIN to its release, a write outside one for its statement. */
class WriterTurn {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async take(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  give(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

function runStatement(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = stmt.run(parameters as unknown[]);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Whether a statement outside a transaction goes to a reader: it reads and answers rows (asked of the writer's statement). */
function forReaders(readers: ReaderPool | undefined, writer: Statements, sql: string): readers is ReaderPool {
  // asked of the writer: a reader's view of the schema can be a step behind (it reloads on its next read), so it
  // could refuse a CREATE INDEX the writer has just made possible
  if (!readers) return false;
  const stmt = writer.prepare(sql);
  return stmt.readonly && stmt.reader;
}

function* rowsOf(stmt: SQLite.Statement, parameters: readonly unknown[]): Generator<QueryResult<unknown>> {
  for (const row of stmt.iterate(parameters as unknown[])) yield { rows: [row] };
}

/**
 * One connection as Kysely holds it. Inside a transaction every statement goes to the writer, whose turn the
 * transaction holds: a transaction reads its own writes. Outside one, a read-only statement goes to a reader thread
 * (sqlite-readers.ts) — it sees every committed write, never waits behind an open transaction (an import's 10,000
 * rows) and never holds the event loop — and a write waits for the writer's turn.
 */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: TwoConnectionDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const read = await this.#read<R>(query);
    if (read) return read;
    const { stmt, give } = await this.#statement(query.sql);
    try {
      return runStatement(stmt, query.parameters) as QueryResult<R>;
    } finally {
      give?.();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only SELECT queries');
    const read = await this.#read<R>(query); // a reader answers the whole result (no query of the server streams)
    if (read) {
      for (const row of read.rows) yield { rows: [row] };
      return;
    }
    const { stmt, give } = await this.#statement(query.sql);
    try {
      yield* rowsOf(stmt, query.parameters) as Generator<QueryResult<R>>;
    } finally {
      give?.();
    }
  }

  /** A read outside a transaction, answered by a reader; undefined when the writer is to run the statement. */
  async #read<R>(query: CompiledQuery): Promise<QueryResult<R> | undefined> {
    const { writer, readers } = this.driver;
    if (this.inTransaction || !forReaders(readers, writer, query.sql)) return undefined;
    return readers.read<R>(query.sql, query.parameters);
  }

  /** The writer's statement, and the writer's turn to give back when it took one. */
  async #statement(sql: string): Promise<{ stmt: SQLite.Statement; give?: () => void }> {
    const { writer, turn } = this.driver;
    if (this.inTransaction) return { stmt: writer.prepare(sql) };
    await turn.take();
    try {
      return { stmt: writer.prepare(sql), give: () => turn.give() };
    } catch (e) {
      turn.give();
      throw e;
    }
  }
}

class TwoConnectionDriver implements Driver {
  readonly turn = new WriterTurn();

  constructor(
    readonly writer: Statements,
    readonly readers: ReaderPool | undefined,
    private readonly checkpointer: Checkpointer | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: RoutedConnection): Promise<void> {
    await this.turn.take();
    connection.inTransaction = true;
    try {
      this.writer.prepare('begin').run();
    } catch (e) {
      connection.inTransaction = false;
      this.turn.give();
      throw e;
    }
  }

  async commitTransaction(connection: RoutedConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: RoutedConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: RoutedConnection): Promise<void> {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    this.turn.give();
  }

  async destroy(): Promise<void> {
    await this.checkpointer?.stop();
    await this.readers?.close();
    this.writer.close();
  }
}

/** Reader threads and the statement budget (OA_DB_READERS, OA_DB_STATEMENT_TIMEOUT_MS), and the checkpoints' interval. */
export interface SqliteOptions {
  checkpointEveryMs?: number;
  readers?: number;
  statementTimeoutMs?: number;
}

/**
 * SQLite for Kysely with a writer and, for a file database, reader threads beside it (WAL lets them read while the
 * writer writes). Kysely's own SqliteDialect has one connection behind one lock, so a long transaction held every
 * request, even `/health`, until it committed (issue 18); and a read on the event loop held every other request
 * while it ran (issue 35). The writer caches prepared statements, and so does each reader.
 */
class ReadWriteSqliteDialect extends SqliteDialect {
  readonly #writer: SQLite.Database;
  readonly #file: string | undefined;
  readonly #opts: SqliteOptions;

  /** `file`: reads then run on reader threads, checkpoints on a thread of their own (sqlite-checkpoint.ts). */
  constructor(writer: SQLite.Database, file?: string, opts: SqliteOptions = {}) {
    super({ database: writer });
    this.#writer = writer;
    this.#file = file;
    this.#opts = opts;
  }

  override createDriver(): Driver {
    const file = this.#file;
    return new TwoConnectionDriver(
      cachingDatabase(this.#writer),
      file === undefined ? undefined : startReaders(file, { readers: this.#opts.readers, timeoutMs: this.#opts.statementTimeoutMs }),
      file === undefined ? undefined : startCheckpointer(this.#writer, file, this.#opts.checkpointEveryMs),
    );
  }
}

/**
 * Opens the writer (WAL, synchronous=FULL) and, unless the database is in memory, reader threads of the same file
 * and a checkpointer thread. A Buffer is a database image (a database file's bytes), opened in memory: the tests
 * start each app on a copy of one seeded database; there, every statement runs on the writer.
 */
export function openSqlite(file: string | Buffer, opts: SqliteOptions = {}): ReadWriteSqliteDialect {
  const writer = new SQLite(file);
  const journal = writer.pragma('journal_mode = WAL', { simple: true });
  writer.pragma('synchronous = FULL');
  writer.pragma('busy_timeout = 5000');
  writer.pragma('foreign_keys = ON');
  if (typeof file !== 'string' || file === ':memory:' || file === '') return new ReadWriteSqliteDialect(writer);
  // readers beside the writer need WAL (a rollback journal would lock them out of every write)
  if (journal !== 'wal') throw new Error(`SQLite 数据库 ${file} 无法启用 WAL 模式（journal_mode=${String(journal)}）`);
  return new ReadWriteSqliteDialect(writer, file, opts);
}
