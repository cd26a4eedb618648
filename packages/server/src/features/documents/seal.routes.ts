import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@oa/shared/contract/envelope';
import { SEAL_API, sealIdQuery, sealItem, sealRole, sealSave, sealUseItem, sealUsesQuery, usableSeal } from '@oa/shared/contract/seals';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { actorOf } from './documents.access';
import * as svc from './seal.service';
import { usableSeals } from './seal-use.service';

const tags = ['印章管理'];
const PERM = 'sys_seal';

/** 印章管理: the administrator's seal registry and use log; the seals a clerk may use at 印制. */
export async function sealRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const config = access.perm(PERM);

  r.get(
    `/oa${SEAL_API.list}`,
    { config, schema: { summary: '印章列表', tags, response: { 200: envelope(z.array(sealItem)) } } },
    async () => ok(await svc.listSeals(ctx)),
  );
  r.get(
    `/oa${SEAL_API.roles}`,
    { config, schema: { summary: '可申请角色的候选：全部角色（编码与名称）', tags, response: { 200: envelope(z.array(sealRole)) } } },
    async () => ok(await svc.sealRoles(ctx)),
  );
  r.post(
    `/oa${SEAL_API.save}`,
    {
      config,
      bodyLimit: 1024 * 1024,
      schema: {
        summary: '新增或修改印章（图片为透明背景 PNG 的 base64，200–1200 像素，不超过 300 KB）',
        tags,
        body: sealSave,
        response: { 200: envelope(sealItem) },
      },
    },
    async (req) => {
      const out = await inChange(ctx.db, async (trx) => {
        const saved = await svc.saveSeal({ ...ctx, db: trx }, req.auth!.user.userCode, req.body);
        await writeAudit(trx, req, {
          action: saved.before ? 'seal.update' : 'seal.create',
          target: saved.id,
          result: 'ok',
          before: saved.before,
          after: saved.after,
        });
        return saved.after;
      });
      return ok(out, req.body.id ? '印章已保存' : '印章已添加');
    },
  );
  r.get(`/oa${SEAL_API.image}`, { config, schema: { summary: '印章图片（PNG）', tags, querystring: sealIdQuery } }, async (req, reply) => {
    const png = await svc.sealPng(ctx, req.query.id);
    return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(png);
  });
  r.get(
    `/oa${SEAL_API.uses}`,
    { config, schema: { summary: '用印记录', tags, querystring: sealUsesQuery, response: { 200: envelope(paged(sealUseItem)) } } },
    async (req) => ok(await svc.useLog(ctx, req.query)),
  );
  r.get(
    `/oa${SEAL_API.usable}`,
    {
      config: access.login(),
      schema: { summary: '印制时我可以使用的印章及已批准的用印申请', tags, response: { 200: envelope(z.array(usableSeal)) } },
    },
    async (req) => ok(await usableSeals(ctx, actorOf(req))),
  );
}
