import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects } from '../../../test/harness';
import { tempDir, uploadText } from '../../../test/backup-kit';
import { openDatabase } from '../../db/database';
import { migrationLevel } from '../../db/migrate';
import { blobRelPath, filesRootOf } from '../files/file-store';
import { backupBeforeUpgrade } from './backup-upgrade';
import { listBackups } from './backup-register';

const DIALECTS = await testDialects();

/** The migrations table, which no product code names outside db/migrate.ts. */
type Migrations = Kysely<{ oa_migration: { name: string; timestamp: string } }>;

describe.each(DIALECTS)('a start with migrations to run (OA_BACKUP_BEFORE_UPGRADE) on %s', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('backs up first only when migrations are pending and it is asked for; a failed backup or a newer database stops it', async () => {
    const dataDir = tempDir('upgrade');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const t = await createTestApp(dialect, { dataDir, sqliteFile: path.join(dataDir, 'oa.db') });
    cleanups.push(() => t.close());
    // the next start, as a restarted server opens the database
    const handle = openDatabase({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile });
    cleanups.push(() => handle.close());
    const migrations = handle.db as unknown as Migrations;
    const on = { ...t.config, backup: { ...t.config.backup, beforeUpgrade: true } };
    const archives = () => listBackups(t.config.backup.dir);

    // the same version again: nothing to migrate, no backup
    expect(await backupBeforeUpgrade(on, handle)).toBeNull();
    // an older database (its newest migration not yet run): a backup when asked for, none otherwise
    const level = await migrationLevel(handle);
    const last = level.applied[level.applied.length - 1];
    await migrations.deleteFrom('oa_migration').where('name', '=', last).execute();
    expect((await migrationLevel(handle)).pending).toEqual([last]);
    expect(await backupBeforeUpgrade(t.config, handle)).toBeNull();
    expect(archives()).toEqual([]);
    const file = await backupBeforeUpgrade(on, handle);
    expect(archives()).toMatchObject([{ name: path.basename(file ?? ''), kind: 'upgrade', verification: { state: 'ok' } }]);

    // a backup that cannot be made (a stored file's content is gone): the start stops before migrating
    const lost = await uploadText(t.ctx, '升级前丢失的文件');
    fs.rmSync(path.join(filesRootOf(dataDir), blobRelPath(lost.sha256)));
    await expect(backupBeforeUpgrade(on, handle)).rejects.toThrow();
    expect((await migrationLevel(handle)).pending).toEqual([last]);
    expect(archives()).toHaveLength(1);

    // a database a newer version migrated: refused before anything else, with or without backups
    await migrations.insertInto('oa_migration').values({ name: '999-newer-version', timestamp: new Date().toISOString() }).execute();
    for (const config of [on, t.config]) await expect(backupBeforeUpgrade(config, handle)).rejects.toThrow(/数据库来自更新的版本/);
    expect(archives()).toHaveLength(1);
  }, 120_000);
});
