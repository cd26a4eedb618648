import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import { BACKUPS_API, backupNameBody, backupsAnswer, verifyAnswer } from '@oa/shared/contract/backups';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent } from '../../core/audit';
import * as svc from './backups.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['备份'];
const PERM = 'sys_backup';

/** The administrator's backups page: the archives of OA_BACKUP_DIR, start one, check one. */
export async function backupsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    `/oa${BACKUPS_API.list}`,
    {
      config: access.perm(PERM),
      schema: { summary: '备份列表（大小、时间、类型、校验状态）', tags, response: { 200: envelope(backupsAnswer) } },
    },
    async () => ok(svc.backups(ctx)),
  );
  r.post(
    `/oa${BACKUPS_API.start}`,
    { config: access.perm(PERM), schema: { summary: '立即备份（同一时间只做一个）', tags, response: { 200: envelope(z.null()) } } },
    async (req) => {
      try {
        svc.start(ctx, (e) => app.log.error({ err: e }, 'backup failed'));
      } catch (e) {
        await auditEvent(ctx.db, req, {
          action: 'backup.start',
          target: 'manual',
          result: 'fail',
          detail: { reason: (e as Error).message },
        });
        throw e;
      }
      await auditEvent(ctx.db, req, { action: 'backup.start', target: 'manual', result: 'ok' });
      return ok(null, '已开始备份');
    },
  );
  r.post(
    `/oa${BACKUPS_API.verify}`,
    {
      config: access.perm(PERM),
      schema: { summary: '校验备份（不恢复）', tags, body: backupNameBody, response: { 200: envelope(verifyAnswer) } },
    },
    async (req) => {
      const answer = await svc.verify(ctx, req.body.name);
      await auditEvent(ctx.db, req, {
        action: 'backup.verify',
        target: req.body.name,
        result: answer.ok ? 'ok' : 'fail',
        detail: { message: answer.message },
      });
      return ok(answer, answer.ok ? '备份完好' : '备份不能使用');
    },
  );
}
