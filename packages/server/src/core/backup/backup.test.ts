import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { damagedCopy, emptyPgDatabase, openReader, tableRows, tempDir, uploadText } from '../../../test/backup-kit';
import { dropPgDatabase } from '../../../test/test-databases';
import type { SnapshotReader } from '../../db/backup-snapshot';
import { seedDemoCovers } from '../../db/seed/news-covers';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { blobRelPath, filesRootOf } from '../files/file-store';
import { runBackup } from './backup-run';
import { hashFile } from './backup-manifest';
import { restoreBackup } from './backup-restore';
import { verifyBackup } from './backup-verify';
import { listBackups } from './backup-register';

const DIALECTS = await testDialects();

/** SQLite's virtual tables (the search index), which the snapshot's counts leave out; PostgreSQL has none. */
const virtualTables = async (read: SnapshotReader, dialect: string) =>
  dialect === 'sqlite' ? (await read("select name from sqlite_master where sql like 'CREATE VIRTUAL%'")).map((r) => String(r.name)) : [];

/** Every table of a database (SQLite: but its own sqlite_* ones). */
async function tableNames(read: SnapshotReader, dialect: string): Promise<string[]> {
  const q =
    dialect === 'postgres'
      ? "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'"
      : "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'";
  return (await read(q)).map((r) => String(r.name)).sort();
}

/** The files under a folder, relative paths. */
const listFiles = (root: string): string[] =>
  (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('backs up while writes go on, restores into a new place with every row and file of that moment', async () => {
    const dataDir = tempDir('backup-src');
    const t: TestApp = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    cleanups.push(() => t.close());
    expect(await seedDemoCovers(t.ctx)).toBeGreaterThan(0); // the demo articles' covers: files in the store
    for (let i = 0; i < 5; i++) await uploadText(t.ctx, `备份前的文件 ${i}`);

    // writes go on through the backup: uploads (a blob, then its sys_file row and search entry) and logins
    let writes = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        await uploadText(t.ctx, `备份期间的文件 ${writes}`);
        await t.login('staff');
        writes++;
      }
    })();
    let moment: Record<string, string[]> = {};
    let momentFiles: string[] = [];
    let momentTables: string[] = [];
    const backup = await runBackup(t.config, 'manual', async (read, facts) => {
      // every table, the search index's virtual tables (SQLite FTS) too
      momentTables = [...Object.keys(facts.tables), ...(await virtualTables(read, dialect))].sort();
      moment = await tableRows(read, momentTables);
      momentFiles = facts.fileHashes;
      const at = writes;
      while (writes < at + 3) await new Promise((r) => setTimeout(r, 5)); // the server writes while the snapshot is held
    }).finally(() => {
      stop = true;
    });
    await writer;
    expect(backup.verified).toBe(true);
    expect(listBackups(t.config.backup.dir).map((b) => b.name)).toEqual([path.basename(backup.file)]);

    const sourceNow = await openReader(t.config);
    const nowFiles = (await sourceNow.read('select count(*) as n from sys_file'))[0].n;
    await sourceNow.close();
    expect(Number(nowFiles)).toBeGreaterThan(Number(moment.sys_file.length)); // files came after the moment
    expect(backup.manifest.tables.sys_file).toBe(moment.sys_file.length);

    // restore into a new place: an empty data folder, and for PostgreSQL an empty database
    const target = tempDir('backup-dst');
    const pgTarget = dialect === 'postgres' ? await emptyPgDatabase() : undefined;
    if (pgTarget) cleanups.push(() => dropPgDatabase(pgTarget.name));
    const place = { dataDir: target, sqliteFile: path.join(target, 'oa.db'), databaseUrl: pgTarget?.url };
    await restoreBackup(backup.file, place, undefined);
    const restored = await openReader(place);
    expect(await tableNames(restored.read, dialect)).toEqual(momentTables);
    expect(Object.values(moment).reduce((n, rows) => n + rows.length, 0)).toBeGreaterThan(1000); // the demo data
    expect(await tableRows(restored.read, momentTables)).toEqual(moment);
    await restored.close();
    // exactly the moment's files, each with its hash
    expect(listFiles(filesRootOf(target)).sort()).toEqual(momentFiles.map((sha) => blobRelPath(sha)).sort());
    for (const sha of momentFiles) {
      const source = await hashFile(path.join(filesRootOf(dataDir), blobRelPath(sha)));
      const copy = await hashFile(path.join(filesRootOf(target), blobRelPath(sha)));
      expect(copy).toEqual(source);
      expect(copy.sha256).toBe(sha);
    }
    expect(momentFiles.length).toBeGreaterThan(5);

    // the restored place opens as this version, and a newer version's migration runs forward once
    const handle = openDatabase(place);
    await migrateToLatest(handle, [
      { name: '999-next-version', up: async (db) => void (await db.schema.createTable('oa_next').addColumn('id', 'text').execute()) },
    ]);
    await migrateToLatest(handle, [{ name: '999-next-version', up: async () => Promise.reject(new Error('ran twice')) }]);
    await handle.close();
    // …and this version then refuses the database the newer one migrated
    const again = openDatabase(place);
    await expect(migrateToLatest(again)).rejects.toThrow(/数据库来自更新的版本.*999-next-version/);
    await again.close();

    // a second restore into the now filled place is refused, nothing changed
    await expect(restoreBackup(backup.file, { ...place, databaseUrl: pgTarget?.url }, undefined)).rejects.toThrow(/不是空的/);
  }, 120_000); // a backup, its check and two restores (pg_dump and psql processes on PostgreSQL): 30 s is short on a busy machine

  it('refuses a damaged archive by its name, and an encrypted one without the right key', async () => {
    const dataDir = tempDir('backup-enc');
    const key = Buffer.alloc(32, 7);
    const t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    cleanups.push(() => t.close());
    await uploadText(t.ctx, '加密备份里的文件');
    const plain = await runBackup(t.config, 'manual');
    const work = tempDir('damaged');
    fs.mkdirSync(work);
    const bad = damagedCopy(plain.file, work);
    await expect(verifyBackup(bad, undefined)).rejects.toThrow(`备份 ${path.basename(bad)} 不能使用`);
    const truncated = path.join(work, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(plain.file).subarray(0, 2000));
    await expect(verifyBackup(truncated, undefined)).rejects.toThrow('备份 truncated.tar.gz 不能使用');

    const enc = await runBackup({ ...t.config, backup: { ...t.config.backup, key } }, 'manual');
    expect(enc.file.endsWith('.tar.gz.enc')).toBe(true);
    expect((await verifyBackup(enc.file, key)).tables).toEqual(enc.manifest.tables);
    await expect(verifyBackup(enc.file, undefined)).rejects.toThrow(/已加密/);
    await expect(verifyBackup(enc.file, Buffer.alloc(32, 8))).rejects.toThrow(/解密失败/);
    const badEnc = damagedCopy(enc.file, work);
    await expect(verifyBackup(badEnc, key)).rejects.toThrow(`备份 ${path.basename(badEnc)} 不能使用：解密失败`);
  });
});
