// Checkpoints a SQLite WAL database from its own thread and connection (issue 18; see sqlite-checkpoint.ts). Plain
// JavaScript, like lib/xlsx-rows.worker.mjs: a worker needs no TypeScript loader this way.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, everyMs } = workerData;
const db = new SQLite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');

const checkpoint = () => {
  try {
    // PASSIVE: copies what it can without waiting for readers or the writer; the rest waits for the next turn
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort.postMessage({ error: String(e) });
  }
};
const timer = setInterval(checkpoint, everyMs);

parentPort.on('message', (msg) => {
  if (msg !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
