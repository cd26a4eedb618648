import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as tar from 'tar';
import { snapshotPostgres, snapshotSqlite, type OnSnapshot } from '../../db/backup-snapshot';
import { blobRelPath, filesRootOf } from '../files/file-store';
import { encryptFile } from './backup-crypto';
import { DATABASE_DIR, FILES_DIR, MANIFEST, databaseEntry, hashFile, type BackupKind, type Manifest } from './backup-manifest';

/** Where the data lives (the app's config, or a restore's target). */
export interface DataPlace {
  dataDir: string;
  sqliteFile: string;
  databaseUrl: string | undefined;
}

export interface BackupOptions {
  dir: string;
  kind: BackupKind;
  appVersion: string;
  key?: Buffer;
  /** called inside the snapshot (tests read the moment's rows through it) */
  onSnapshot?: OnSnapshot;
}

/** Archives are `oa-backup-<UTC stamp>-<kind>.tar.gz[.enc]`; anything else in the folder (a half-written one) is not listed. */
export const ARCHIVE_NAME = /^oa-backup-(\d{8}T\d{6}Z)-(manual|scheduled|upgrade)-[0-9a-f]{4}\.tar\.gz(\.enc)?$/;
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function placeBlob(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.link(from, to); // blobs never change (content-addressed): a hard link is a copy
  } catch {
    await fs.promises.copyFile(from, to);
  }
}

async function fsyncFile(file: string): Promise<void> {
  const fd = await fs.promises.open(file, 'r+');
  await fd.sync();
  await fd.close();
}

/**
 * One consistent backup: the database at one moment (SQLite online backup / pg_dump of an exported snapshot) and
 * exactly the files its sys_file rows name at that moment — a blob is in place before its row is written, and blobs
 * are never removed, so files uploaded during the backup are simply not part of it. Written under a temporary name
 * and renamed when complete.
 */
export async function createBackup(src: DataPlace, opts: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  await fs.promises.mkdir(opts.dir, { recursive: true });
  const now = new Date();
  const name = `oa-backup-${stamp(now)}-${opts.kind}-${randomBytes(2).toString('hex')}.tar.gz${opts.key ? '.enc' : ''}`;
  const staging = await fs.promises.mkdtemp(path.join(opts.dir, '.staging-'));
  const partial = path.join(opts.dir, `.${name}.partial`);
  try {
    const dialect = src.databaseUrl ? 'postgres' : 'sqlite';
    const dbEntry = databaseEntry(dialect);
    await fs.promises.mkdir(path.join(staging, DATABASE_DIR));
    const dbPath = path.join(staging, dbEntry);
    const facts =
      dialect === 'sqlite'
        ? await snapshotSqlite(src.sqliteFile, dbPath, opts.onSnapshot)
        : await snapshotPostgres(src.databaseUrl!, dbPath, opts.onSnapshot);
    const entries: Manifest['entries'] = [{ path: dbEntry, ...(await hashFile(dbPath)) }];
    for (const sha of facts.fileHashes) {
      const rel = path.join(FILES_DIR, blobRelPath(sha));
      const from = path.join(filesRootOf(src.dataDir), blobRelPath(sha));
      if (!fs.existsSync(from)) throw new Error(`文件库缺少文件 ${sha}（数据库中有它的记录）`);
      await placeBlob(from, path.join(staging, rel));
      const h = await hashFile(path.join(staging, rel));
      if (h.sha256 !== sha) throw new Error(`文件库中的文件 ${sha} 内容已损坏`);
      entries.push({ path: rel.split(path.sep).join('/'), ...h });
    }
    const manifest: Manifest = {
      format: 'assoc-oa-backup',
      formatVersion: 1,
      appVersion: opts.appVersion,
      createdAt: now.toISOString(),
      kind: opts.kind,
      dialect,
      migration: facts.migration,
      migrations: facts.migrations,
      tables: facts.tables,
      entries,
    };
    await fs.promises.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 1));
    const tarFile = opts.key ? path.join(staging, 'archive.tar.gz') : partial;
    const parts = [MANIFEST, DATABASE_DIR, ...(entries.length > 1 ? [FILES_DIR] : [])];
    await tar.c({ gzip: true, cwd: staging, file: tarFile, portable: true }, parts);
    if (opts.key) await encryptFile(tarFile, partial, opts.key);
    await fsyncFile(partial);
    const file = path.join(opts.dir, name);
    await fs.promises.rename(partial, file);
    return { file, manifest };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    await fs.promises.rm(partial, { force: true });
  }
}
