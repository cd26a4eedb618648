import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type pgModule from 'pg';
import { lazyRequire } from '../lib/lazy-require';
import type { Dialect } from './database';

const loadPg = lazyRequire<typeof pgModule>('pg');

const run = promisify(execFile);

/** What a backup records at its moment: the migration level, rows per table, the files the rows name. */
export interface SnapshotFacts {
  dialect: Dialect;
  /** the last applied migration (oa_migration), null on an empty database */
  migration: string | null;
  migrations: string[];
  tables: Record<string, number>;
  /** the content hashes of every sys_file row at the moment (their blobs must be in the archive) */
  fileHashes: string[];
}

/** Reads rows inside the snapshot (tests compare the restored copy with exactly this moment). */
export type SnapshotReader = (query: string) => Promise<Array<Record<string, unknown>>>;
export type OnSnapshot = (read: SnapshotReader, facts: SnapshotFacts) => Promise<void>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQLite's online backup while the server writes: one read transaction is opened on a connection of our own and held
 * for the whole copy, so the facts (counts, file hashes) and the copied pages are the same moment; WAL lets the
 * server's writer go on meanwhile.
 */
export async function snapshotSqlite(file: string, dest: string, onSnapshot?: OnSnapshot): Promise<SnapshotFacts> {
  const conn = new SQLite(file, { fileMustExist: true });
  try {
    conn.pragma('busy_timeout = 15000');
    conn.exec('BEGIN');
    const all = async (q: string) => conn.prepare(q).all() as Rows;
    const tables = (
      conn
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
        .pluck()
        .all() as string[]
    ).filter((t) => !(conn.prepare('select sql from sqlite_master where name = ?').pluck().get(t) as string).startsWith('CREATE VIRTUAL'));
    const facts = await factsOf('sqlite', tables, all);
    await onSnapshot?.(all, facts);
    await conn.backup(dest);
    conn.exec('COMMIT');
    return facts;
  } finally {
    conn.close();
  }
}

type Rows = Array<Record<string, unknown>>;

/** Counts per table, the migration level and the files' hashes, read inside the snapshot. */
async function factsOf(dialect: Dialect, tables: string[], all: (q: string) => Promise<Rows>): Promise<SnapshotFacts> {
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = Number((await all(`select count(*) as n from ${quoted(t)}`))[0].n);
  const migrations = tables.includes('oa_migration')
    ? (await all('select name from oa_migration order by name')).map((r) => String(r.name))
    : [];
  const fileHashes = tables.includes('sys_file')
    ? (await all('select distinct sha256 from sys_file order by sha256')).map((r) => String(r.sha256))
    : [];
  return { dialect, migration: migrations.at(-1) ?? null, migrations, tables: counts, fileHashes };
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot, the facts are read in it and `pg_dump --snapshot`
 * dumps exactly that moment (custom format) while the application writes on.
 */
export async function snapshotPostgres(url: string, dest: string, onSnapshot?: OnSnapshot): Promise<SnapshotFacts> {
  const client = new (loadPg().Client)({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
    const all = async (q: string) => (await client.query(q)).rows as Rows;
    const tables = (
      await all(
        "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
      )
    ).map((r) => String(r.table_name));
    const facts = await factsOf('postgres', tables, all);
    await onSnapshot?.(all, facts);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${dest}`, `--dbname=${url}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** The tables of a PostgreSQL database's current schema (a restore goes only into an empty one). */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new (loadPg().Client)({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query('select count(*) as n from information_schema.tables where table_schema = current_schema()');
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

/** pg_restore of a custom-format dump into an (empty) database; stops at the first error. */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** SQLite's own check of a database file (the copy in an archive). */
export function sqliteIntact(file: string): boolean {
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return conn.pragma('quick_check', { simple: true }) === 'ok';
  } finally {
    conn.close();
  }
}
