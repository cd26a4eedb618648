import SQLite from 'better-sqlite3';
import { Piscina } from 'piscina';
import type { QueryResult } from 'kysely';
import { queryTimeout } from '../lib/errors';

/** Reader threads of a SQLite file database kept ready (OA_DB_READERS). */
export const DEFAULT_READERS = 2;
/** More reader threads started while every one is busy, so a few slow reads never hold the quick ones back. */
export const SPARE_READERS = 4;
/** A spare reader idle this long stops (the kept ones never do). */
const SPARE_IDLE_MS = 30_000;
/** The time budget of a statement (OA_DB_STATEMENT_TIMEOUT_MS); 0: none. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

type Answer = { rows: Record<string, unknown>[]; blobs: string[] } | { unprepared: string } | { failed: { message: string; code: string } };

export interface ReaderPool {
  /** The rows of a read-only statement, or undefined when the readers cannot compile it yet (the writer then answers). */
  read<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R> | undefined>;
  /** the readers kept ready */
  readonly size: number;
  /** the readers running now, spare ones included */
  readonly threads: number;
  close(): Promise<void>;
}

/** A blob crosses the thread boundary as a Uint8Array; the rest of the server expects a Buffer, as better-sqlite3 gives. */
function withBuffers(rows: Record<string, unknown>[], blobs: string[]): Record<string, unknown>[] {
  for (const row of rows)
    for (const k of blobs) {
      const v = row[k];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  return rows;
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/**
 * Reads of a SQLite file database on a pool of threads, each with its own read-only connection
 * (sqlite-reader.worker.mjs; issue 35). On the event loop, a read of 1 s held every other request — `/health` too —
 * for that second; on a reader thread it delays only itself. `size` readers are kept ready; while all of them are
 * busy, a read starts a spare one (up to SPARE_READERS more, each stopped after SPARE_IDLE_MS idle), so two or three
 * slow reads leave a thread for the quick ones; past that, reads wait their turn in the pool's queue. WAL lets the
 * readers read while the writer writes.
 *
 * Every read has `timeoutMs`, counted from when it was asked (a wait in the queue counts): past it the read answers
 * `queryTimeout()` (HTTP 503). A read still queued is dropped; a running one has its thread terminated and a fresh
 * reader takes its place (better-sqlite3 has no sqlite3_interrupt). The thread stops at the next row it steps; a
 * statement that computes long before its first row (a large sort or aggregate) finishes that step first, on its
 * thread, while the fresh reader already serves the next reads.
 */
export function startReaders(file: string, opts: { readers?: number; timeoutMs?: number } = {}): ReaderPool {
  const size = Math.max(1, opts.readers ?? DEFAULT_READERS);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new Piscina<{ sql: string; parameters: readonly unknown[] }, Answer>({
    filename: new URL('./sqlite-reader.worker.mjs', import.meta.url).href,
    workerData: { file },
    minThreads: size,
    maxThreads: size + SPARE_READERS,
    idleTimeout: SPARE_IDLE_MS,
    recordTiming: false,
    // one read at a time per thread: a second one queued on a busy thread would wait behind the slow one
    concurrentTasksPerWorker: 1,
  });
  // a reader that cannot start (its file gone, no file handles left) fails its reads; it never ends the process
  pool.on('error', (e: unknown) => process.emitWarning(`SQLite reader thread: ${e instanceof Error ? e.message : String(e)}`));
  return {
    size,
    get threads() {
      return pool.threads.length;
    },
    async read<R>(sql: string, parameters: readonly unknown[]) {
      const signal = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
      let answer: Answer;
      try {
        answer = await pool.run({ sql, parameters }, signal ? { signal } : {});
      } catch (e) {
        if (signal?.aborted && isAbort(e)) throw queryTimeout();
        throw e;
      }
      if ('unprepared' in answer) return undefined;
      if ('failed' in answer) throw new SQLite.SqliteError(answer.failed.message, answer.failed.code);
      return { rows: withBuffers(answer.rows, answer.blobs) as R[] };
    },
    close: () => pool.destroy(),
  };
}
