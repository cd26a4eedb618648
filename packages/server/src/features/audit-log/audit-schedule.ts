import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { archiveExpired, type ArchiveOutcome } from '../../core/audit/archive';
import { loadAuditSigner } from '../../core/audit/signer';
import { anchorHead } from '../../core/audit/verify';
import { claimOnce } from '../../core/ports/notice.repository';
import { runEvery } from '../../core/notify/periodic';
import { MINUTE } from '../../lib/time';

const ANCHOR_EVERY = 10 * MINUTE;
const ARCHIVE_EVERY = 60 * MINUTE;

/** Seals the chain's head every ten minutes (once across instances): a rewrite of older rows no longer goes unseen. */
export async function scheduledAnchor(ctx: AppContext, now: Date): Promise<void> {
  if (await claimOnce(ctx.db, `audit_anchor:${Math.floor(now.getTime() / ANCHOR_EVERY)}`, now.toISOString()))
    await anchorHead(ctx.db, ctx.fieldKeys);
}

/** Moves what passed the retention into signed archive files, once an hour across instances. */
export async function scheduledArchive(ctx: AppContext, now: Date): Promise<ArchiveOutcome | null> {
  if (!(await claimOnce(ctx.db, `audit_archive:${Math.floor(now.getTime() / ARCHIVE_EVERY)}`, now.toISOString()))) return null;
  const { signer } = loadAuditSigner(ctx.config);
  return archiveExpired(ctx.db, { dataDir: ctx.config.dataDir, retentionDays: ctx.config.audit.retentionDays, signer, now });
}

export function startAuditSchedule(app: FastifyInstance): void {
  const { warning } = loadAuditSigner(app.ctx.config);
  if (warning) app.log.warn(warning);
  runEvery(app, 'audit-anchor', ANCHOR_EVERY, (now) => scheduledAnchor(app.ctx, now));
  runEvery(app, 'audit-archive', ARCHIVE_EVERY, (now) => scheduledArchive(app.ctx, now));
}
