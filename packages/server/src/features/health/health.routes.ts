import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { envelope } from '@oa/shared/contract/envelope';
import { healthResult } from '@oa/shared/contract/auth';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dialect, config } = app.ctx;
  r.get('/oa/api/base/health', {
    config: access.public({ unsigned: true }),
    schema: { summary: '健康检查（数据库可用时 status=ok）', tags: ['系统'], response: { 200: envelope(healthResult) } },
  }, async () => {
    await sql`select 1`.execute(db);
    return ok({ status: 'ok' as const, db: dialect, version: config.version });
  });
}
