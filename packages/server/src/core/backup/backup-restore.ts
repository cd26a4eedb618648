import fs from 'node:fs';
import path from 'node:path';
import { postgresTableCount, restorePostgres } from '../../db/backup-snapshot';
import { knownMigrations } from '../../db/migrate';
import { filesRootOf } from '../files/file-store';
import { BackupRefused, FILES_DIR, databaseEntry } from './backup-manifest';
import { openBackup } from './backup-verify';
import type { DataPlace } from './backup-create';

const isEmptyDir = (dir: string, except: string[] = []) => !fs.existsSync(dir) || fs.readdirSync(dir).every((n) => except.includes(n));

/** A rename, or a copy when the archive's folder is on another file system. */
async function move(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await fs.promises.cp(from, to, { recursive: true });
  }
}

/**
 * Restores an archive into an empty place: SQLite into a data folder without a database or files (the backups
 * folder may be there), PostgreSQL into a database without tables. The manifest is checked first, and a backup from
 * a newer version (a migration this version does not know) is refused. The caller then migrates forward (buildApp).
 */
export async function restoreBackup(archive: string, target: DataPlace, key: Buffer | undefined, backupDir?: string): Promise<void> {
  const name = path.basename(archive);
  const opened = await openBackup(archive, key);
  try {
    const { manifest } = opened;
    const known = new Set(knownMigrations());
    const unknown = manifest.migrations.find((m) => !known.has(m));
    if (unknown) throw new BackupRefused(name, `来自更新的版本（迁移 ${unknown}），请用该版本或更新的版本恢复`);
    const targetDialect = target.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.dialect !== targetDialect)
      throw new BackupRefused(
        name,
        `这是 ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 的备份，目标却是 ${targetDialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      );
    // the backups folder may sit inside the data folder (the default ./data/backups)
    const keep = backupDir && path.dirname(path.resolve(backupDir)) === path.resolve(target.dataDir) ? [path.basename(backupDir)] : [];
    if (!isEmptyDir(target.dataDir, keep)) throw new Error(`数据目录 ${target.dataDir} 不是空的：只能恢复到空的数据目录`);
    const db = path.join(opened.dir, databaseEntry(manifest.dialect));
    if (manifest.dialect === 'postgres') {
      if ((await postgresTableCount(target.databaseUrl!)) > 0) throw new Error('目标数据库不是空的：只能恢复到没有表的数据库');
      await restorePostgres(target.databaseUrl!, db);
    } else {
      await move(db, target.sqliteFile);
    }
    const files = path.join(opened.dir, FILES_DIR);
    if (fs.existsSync(files)) await move(files, filesRootOf(target.dataDir));
  } finally {
    await opened.dispose();
  }
}
