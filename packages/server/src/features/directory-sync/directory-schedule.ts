import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { claimOnce } from '../../core/ports/notice.repository';
import { runEvery } from '../../core/notify/periodic';
import { MINUTE } from '../../lib/time';
import { runSync } from './directory-sync.service';

/**
 * The scheduled sync of one interval (OA_LDAP_SYNC_MINUTES): every instance's timer asks, the first to claim the
 * interval's key runs it (claimOnce: once per interval whatever the number of instances), and the sync lease keeps it
 * from overlapping a sync started by hand. 'ran' / 'claimed' (another instance has this interval) / 'busy'.
 */
export async function scheduledSync(ctx: AppContext, now: Date): Promise<'ran' | 'claimed' | 'busy'> {
  const minutes = ctx.config.directory?.syncMinutes ?? 0;
  if (!minutes) return 'claimed';
  const slot = Math.floor(now.getTime() / (minutes * MINUTE));
  if (!(await claimOnce(ctx.db, `directory_sync:${minutes}:${slot}`, now.toISOString()))) return 'claimed';
  return (await runSync(ctx, { kind: 'apply', trigger: 'schedule', userCode: null, ip: null })) ? 'ran' : 'busy';
}

/** Starts the scheduled sync in this instance when a directory and an interval are configured. */
export function startDirectorySchedule(app: FastifyInstance): void {
  const minutes = app.ctx.config.directory?.syncMinutes ?? 0;
  if (minutes > 0) runEvery(app, 'directory-sync', minutes * MINUTE, (now) => scheduledSync(app.ctx, now));
}
