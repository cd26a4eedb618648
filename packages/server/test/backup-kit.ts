import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { SnapshotReader } from '../src/db/backup-snapshot';
import { storeUpload } from '../src/core/files/file-store';
import type { AppContext } from '../src/core/context';
import { DB_PREFIX, pgUrlOf, withPgAdmin } from './test-databases';

type Rows = Array<Record<string, unknown>>;

/** Every table's rows as sorted JSON lines (order-free comparison of two databases). */
export async function tableRows(read: SnapshotReader, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables) out[t] = (await read(`select * from "${t}"`)).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** A reader of a SQLite file or a PostgreSQL database (a restored copy), and how to close it. */
export async function openReader(place: {
  sqliteFile: string;
  databaseUrl?: string;
}): Promise<{ read: SnapshotReader; close(): Promise<void> }> {
  if (!place.databaseUrl) {
    const conn = new SQLite(place.sqliteFile, { readonly: true });
    return { read: async (q) => conn.prepare(q).all() as Rows, close: async () => void conn.close() };
  }
  const c = new pg.Client({ connectionString: place.databaseUrl });
  await c.connect();
  return { read: async (q) => (await c.query(q)).rows as Rows, close: () => c.end() };
}

export const tempDir = (label: string) => path.join(os.tmpdir(), `oa-${label}-${randomBytes(4).toString('hex')}`);

/** An empty PostgreSQL database to restore into, and its drop. */
export async function emptyPgDatabase(): Promise<{ url: string; name: string }> {
  const name = `${DB_PREFIX}_restore_${randomBytes(5).toString('hex')}`;
  await withPgAdmin((c) => c.query(`create database ${name}`));
  return { url: pgUrlOf(name), name };
}

/** Uploads a small text file as `owner` (a write while a backup runs). */
export const uploadText = (ctx: AppContext, text: string) =>
  storeUpload(ctx, {
    stream: Readable.from([Buffer.from(text)]),
    fileName: `写入-${randomBytes(3).toString('hex')}.txt`,
    owner: 'admin',
    maxBytes: 1 << 20,
  });

/** Flips bytes in the middle of a copy of `file`: a damaged archive. */
export function damagedCopy(file: string, dir: string): string {
  const copy = path.join(dir, `damaged-${path.basename(file)}`);
  const bytes = fs.readFileSync(file);
  for (let i = 0; i < 8; i++) bytes[Math.floor(bytes.length / 2) + i] ^= 0xff;
  fs.writeFileSync(copy, bytes);
  return copy;
}
