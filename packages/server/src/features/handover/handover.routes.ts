import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  handoverBody,
  handoverPeopleQuery,
  handoverPerson,
  handoverPreview,
  handoverPreviewQuery,
  handoverResult,
} from '@oa/shared/contract/handover';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import * as svc from './handover.service';

const P = '/oa/api/auth/oa/handover';

/** 工作交接 (issue 38): preview what a person holds, and move it all to a successor. */
export async function handoverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = access.perm('sys_handover');
  const tags = ['工作交接'];

  r.get(
    `${P}/people`,
    {
      config,
      schema: {
        summary: '选择交接人与接收人（含已停用人员）',
        tags,
        querystring: handoverPeopleQuery,
        response: { 200: envelope(z.array(handoverPerson)) },
      },
    },
    async (req) => ok(await svc.people(app.ctx, req.query.keyword)),
  );

  r.get(
    `${P}/preview`,
    {
      config,
      schema: {
        summary: '交接预览：人员当前持有的全部工作',
        tags,
        querystring: handoverPreviewQuery,
        response: { 200: envelope(handoverPreview) },
      },
    },
    async (req) => ok(await svc.preview(app.ctx, req.query.userCode)),
  );

  r.post(
    `${P}/confirm`,
    {
      config,
      schema: { summary: '确认交接：在一个事务中全部移交给接收人', tags, body: handoverBody, response: { 200: envelope(handoverResult) } },
    },
    async (req) => {
      const out = await svc.handOver(app.ctx, req.body, { userCode: req.auth!.user.userCode, ip: req.ip });
      return ok(out, `已交接 ${out.total} 项工作`);
    },
  );
}
