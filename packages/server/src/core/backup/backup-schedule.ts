import { chinaDate, chinaTime } from '@oa/shared/format/china-time';
import type { AppContext } from '../context';
import { trackJob } from '../metrics';
import { listBackups } from './backup-register';
import { runBackupIfDue, type BackupResult } from './backup-run';

/** Whether today's scheduled backup is due: past OA_BACKUP_SCHEDULE (China time) and none made today yet. */
export function scheduledBackupDue(ctx: AppContext, now = new Date()): boolean {
  const at = ctx.config.backup.schedule;
  if (!at || chinaTime(now) < at) return false;
  const today = chinaDate(now);
  return !listBackups(ctx.config.backup.dir).some((b) => b.kind === 'scheduled' && chinaDate(b.createdAt) === today);
}

/** One turn of the schedule: today's backup when it is due — checked again under the folder's lock. */
export async function scheduledBackupTurn(ctx: AppContext, now: () => Date = () => new Date()): Promise<BackupResult | null> {
  if (!scheduledBackupDue(ctx, now())) return null;
  return trackJob(ctx, 'backup', () => runBackupIfDue(ctx.config, 'scheduled', () => scheduledBackupDue(ctx, now())));
}

/**
 * Scheduled backups (OA_BACKUP_SCHEDULE='HH:MM'): checked every minute, made once a day, retention after each
 * (OA_BACKUP_KEEP). Several instances sharing the backup folder make one: the folder's lock and the "made today"
 * check. Unref'd: it never keeps the process alive.
 */
export function startBackupSchedule(ctx: AppContext, onError: (e: unknown) => void): () => void {
  if (!ctx.config.backup.schedule) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    scheduledBackupTurn(ctx)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
