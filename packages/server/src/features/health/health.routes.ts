import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { healthResult } from '@oa/shared/contract/auth';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { health } from './health.service';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/oa/api/base/health',
    {
      config: access.public({ unsigned: true }),
      schema: {
        summary: '健康检查（数据库与 Redis 可用时 status=ok，否则 HTTP 503）',
        tags: ['系统'],
        response: { 200: envelope(healthResult), 503: envelope(healthResult) },
      },
    },
    async (_req, reply) => {
      const h = await health(app.ctx);
      if (h.status !== 'ok') reply.code(503);
      return ok(h);
    },
  );
}
