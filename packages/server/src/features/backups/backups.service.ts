import path from 'node:path';
import type { BackupsAnswer, VerifyAnswer } from '@oa/shared/contract/backups';
import type { AppContext } from '../../core/context';
import { BACKUP_BUSY, backupRunning, lastFailure, listBackups } from '../../core/backup/backup-register';
import { recheckBackup, startBackup, type BackupResult } from '../../core/backup/backup-run';
import { trackJob } from '../../core/metrics';
import { bizError, notFound } from '../../lib/errors';

/** The folder's archives (newest first), whether one is under way, and how backups are configured. */
export function backups(ctx: AppContext): BackupsAnswer {
  const b = ctx.config.backup;
  return {
    list: listBackups(b.dir),
    running: backupRunning(b.dir),
    schedule: b.schedule ?? null,
    keep: b.keep,
    encryption: b.key !== undefined,
    beforeUpgrade: b.beforeUpgrade,
    lastFailure: lastFailure(b.dir),
  };
}

/**
 * Starts a manual backup in the background; refused while one runs (the folder's lock). The answer comes at once,
 * the page watches the list; `onFailure` hears a backup that failed after it started.
 */
export function start(ctx: AppContext, onFailure: (e: unknown) => void): void {
  let done: Promise<BackupResult>;
  try {
    done = startBackup(ctx.config, 'manual').done;
  } catch (e) {
    if ((e as Error).message === BACKUP_BUSY) throw bizError(BACKUP_BUSY);
    throw e;
  }
  void trackJob(ctx, 'backup', () => done).catch(onFailure);
}

/** Checks an archive named by the page: only a name of the folder's listing, never a path. */
export async function verify(ctx: AppContext, name: string): Promise<VerifyAnswer> {
  const dir = ctx.config.backup.dir;
  if (!listBackups(dir).some((b) => b.name === name)) throw notFound('没有这个备份文件');
  return recheckBackup(ctx.config, path.join(dir, name));
}
