// A reader of the SQLite database on a thread of its own (issue 35; see sqlite-readers.ts): a read-only connection
// to the file, opened when the thread starts, its statements prepared once per SQL text. Plain JavaScript, like
// sqlite-checkpoint.worker.mjs: a worker needs no TypeScript loader this way. A read over its time budget is
// ended by terminating this thread (better-sqlite3 has no interrupt); the pool starts a fresh one in its place.
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const MAX_STATEMENTS = 500;
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const cache = new Map();

function prepare(sql) {
  const hit = cache.get(sql);
  if (hit) {
    cache.delete(sql); // re-insert: the Map's order is the recency order
    cache.set(sql, hit);
    return hit;
  }
  const stmt = db.prepare(sql);
  cache.set(sql, stmt);
  if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value);
  return stmt;
}

/** The columns whose values are blobs: they arrive as Uint8Array on the other side and are made Buffers again. */
function blobColumns(rows) {
  const keys = new Set();
  for (const row of rows) for (const k in row) if (Buffer.isBuffer(row[k])) keys.add(k);
  return [...keys];
}

/**
 * One read (a piscina task). `unprepared`: this connection could not compile the SQL — its view of the schema can be a
 * step behind the writer's until its next read — and the writer answers instead. Rows are stepped one at a time
 * (`iterate`), so a terminated thread stops at the next row rather than at the end of the result.
 */
export default function read({ sql, parameters }) {
  let stmt;
  try {
    stmt = prepare(sql);
  } catch (e) {
    return { unprepared: String(e) };
  }
  const rows = [];
  try {
    for (const row of stmt.iterate(parameters)) rows.push(row);
  } catch (e) {
    // answered as data: a thrown SqliteError would reach the other side without its message and code
    return { failed: { message: String(e?.message ?? e), code: String(e?.code ?? 'SQLITE_ERROR') } };
  }
  return { rows, blobs: blobColumns(rows) };
}
