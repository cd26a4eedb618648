import type { AppConfig } from '../../config';
import type { DbHandle } from '../../db/database';
import { migrationLevel, newerDatabaseRefusal } from '../../db/migrate';
import { runBackup } from './backup-run';

/**
 * Before a newer version migrates forward: with OA_BACKUP_BEFORE_UPGRADE=on and migrations pending on a database
 * that has data, one backup (kind 'upgrade') first; a failed backup stops the start, nothing migrated. A database
 * from a newer version is refused before anything else.
 */
export async function backupBeforeUpgrade(config: AppConfig, handle: DbHandle): Promise<string | null> {
  const level = await migrationLevel(handle);
  const refusal = newerDatabaseRefusal(level);
  if (refusal) throw new Error(refusal);
  if (!config.backup.beforeUpgrade || !level.applied.length || !level.pending.length) return null;
  if (handle.dialect === 'sqlite' && config.sqliteFile === ':memory:') return null;
  const r = await runBackup(config, 'upgrade');
  if (!r.verified) throw new Error(`升级前的备份未通过校验（${r.file}），未执行迁移`);
  return r.file;
}
