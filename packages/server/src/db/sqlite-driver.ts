import SQLite from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpoint';
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

/** The reader's statement for a read-only query, unless the reader cannot compile it yet (its schema a step behind). */
function readerStatement(reader: Statements | undefined, writer: Statements, sql: string): SQLite.Statement | undefined {
  // whether it writes is asked of the writer's statement: the reader's view of the schema can be a step behind
  // (it reloads on its next read), so it could refuse a CREATE INDEX the writer has just made possible
  if (!reader || !writer.prepare(sql).readonly) return undefined;
  try {
    return reader.prepare(sql);
  } catch {
    return undefined; // the writer then answers, with its own error if the query is wrong
  }
}

function* rowsOf(stmt: SQLite.Statement, parameters: readonly unknown[]): Generator<QueryResult<unknown>> {
  for (const row of stmt.iterate(parameters as unknown[])) yield { rows: [row] };
}

/**
 * One connection as Kysely holds it. Inside a transaction every statement goes to the writer, whose turn the
 * transaction holds. Outside one, a read-only statement goes to the reader at once — it sees every committed
 * write, never waits behind an open transaction (an import's 10,000 rows) — and a write waits for the writer's turn.
 */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: TwoConnectionDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { stmt, give } = await this.#statement(query.sql);
    try {
      return runStatement(stmt, query.parameters) as QueryResult<R>;
    } finally {
      give?.();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only SELECT queries');
    const { stmt, give } = await this.#statement(query.sql);
    try {
      yield* rowsOf(stmt, query.parameters) as Generator<QueryResult<R>>;
    } finally {
      give?.();
    }
  }

  /** Where a statement runs, and the writer's turn to give back when it took one. */
  async #statement(sql: string): Promise<{ stmt: SQLite.Statement; give?: () => void }> {
    const { writer, reader, turn } = this.driver;
    if (this.inTransaction) return { stmt: writer.prepare(sql) };
    const read = readerStatement(reader, writer, sql);
    if (read) return { stmt: read };
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
    readonly reader: Statements | undefined,
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
    this.reader?.close();
    this.writer.close();
  }
}

/**
 * SQLite for Kysely with a writer and, for a file database, a read-only reader beside it (WAL lets one read while
 * the other writes). Kysely's own SqliteDialect has one connection behind one lock, so a long transaction held
 * every request, even `/health`, until it committed (issue 18). Both connections cache prepared statements.
 */
class ReadWriteSqliteDialect extends SqliteDialect {
  readonly #writer: SQLite.Database;
  readonly #reader: SQLite.Database | undefined;
  readonly #file: string | undefined;
  readonly #checkpointEveryMs: number | undefined;

  /** `file`: checkpoints then run on a worker thread (sqlite-checkpoint.ts), not in the writer's commits. */
  constructor(writer: SQLite.Database, reader: SQLite.Database | undefined, file?: string, checkpointEveryMs?: number) {
    super({ database: writer });
    this.#writer = writer;
    this.#reader = reader;
    this.#file = file;
    this.#checkpointEveryMs = checkpointEveryMs;
  }

  override createDriver(): Driver {
    return new TwoConnectionDriver(
      cachingDatabase(this.#writer),
      this.#reader && cachingDatabase(this.#reader),
      this.#file === undefined ? undefined : startCheckpointer(this.#writer, this.#file, this.#checkpointEveryMs),
    );
  }
}

/**
 * Opens the writer (WAL, synchronous=FULL) and, unless the database is in memory, a read-only reader of the same file
 * and a checkpointer thread. A Buffer is a database image (a database file's bytes), opened in memory: the tests
 * start each app on a copy of one seeded database.
 */
export function openSqlite(file: string | Buffer, opts: { checkpointEveryMs?: number } = {}): ReadWriteSqliteDialect {
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('busy_timeout = 5000');
  writer.pragma('foreign_keys = ON');
  if (typeof file !== 'string' || file === ':memory:' || file === '') return new ReadWriteSqliteDialect(writer, undefined);
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  return new ReadWriteSqliteDialect(writer, reader, file, opts.checkpointEveryMs);
}
