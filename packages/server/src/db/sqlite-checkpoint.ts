import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the checkpointer copies the WAL into the database file. */
const EVERY_MS = 1_000;
/** The WAL file is cut back to this size when it restarts (a 10,000-row import leaves tens of MB). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Runs SQLite's WAL checkpoints on a worker thread with its own connection (issue 18). Left to the writer, a
 * checkpoint runs inside the COMMIT that grows the WAL past 1,000 pages: one synchronous call on the event loop that
 * copies the WAL into the database file and syncs it — about 300 ms after a 10,000-row import, during which no
 * request was answered. The writer's own checkpoints are turned off while the worker runs; should the worker stop,
 * they are turned on again, so the WAL never grows without bound.
 */
export function startCheckpointer(writer: SQLite.Database, file: string, everyMs: number = EVERY_MS): Checkpointer {
  writer.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  const worker = new Worker(new URL('./sqlite-checkpoint.worker.mjs', import.meta.url), { workerData: { file, everyMs } });
  worker.unref();
  writer.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  let exited = false;
  const fallBack = () => {
    if (!stopped && writer.open) writer.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.on('exit', () => {
    exited = true;
    fallBack();
  });
  worker.on('message', (m: { error?: string }) => {
    if (m.error) process.emitWarning(`SQLite checkpoint failed: ${m.error}`);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        if (exited) return resolve();
        worker.once('exit', () => resolve());
        // unreferenced, the worker would not keep the process alive through its last checkpoint: a script that
        // awaits the close would end there, its promise never settled (exit code 13)
        worker.ref();
        worker.postMessage('close');
      }),
  };
}
