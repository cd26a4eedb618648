import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { idBody, passportBookBody, passportBookItem } from '@oa/shared/contract/approval-modules';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { approvalPath, audited, viewerOf } from '../route-kit';
import * as svc from './passport.service';

/** The passport custody register (oa_passport). */
export async function passportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  const none = envelope(z.null());
  // ---- 护照保管登记 (/Passport)
  const tagP = ['护照保管'];
  r.get(
    approvalPath('passports/list'),
    {
      config: access.perm('oa_passport'),
      schema: { summary: '护照保管登记（管理者看全部，其他人看本人）', tags: tagP, response: { 200: envelope(z.array(passportBookItem)) } },
    },
    async (req) => ok(await svc.listPassports(db, await viewerOf(req, 'oa_passport:manage'))),
  );
  r.post(
    approvalPath('passports/save'),
    {
      config: access.perm('oa_passport:manage'),
      schema: { summary: '登记或修改证件', tags: tagP, body: passportBookBody, response: { 200: envelope(passportBookItem.nullable()) } },
    },
    async (req) => {
      const { saved } = await audited(
        db,
        req,
        (trx) => svc.savePassport(trx, req.body),
        (s) => ({
          action: 'passport.save',
          target: s.saved.id,
          detail: { passportNo: s.saved.passportNo },
          before: s.before,
          after: s.saved,
        }),
      );
      return ok(saved, '已保存');
    },
  );
  r.post(
    approvalPath('passports/delete'),
    { config: access.perm('oa_passport:manage'), schema: { summary: '删除证件登记', tags: tagP, body: idBody, response: { 200: none } } },
    async (req) => {
      await audited(
        db,
        req,
        (trx) => svc.removePassport(trx, req.body.id),
        (before) => ({ action: 'passport.delete', target: req.body.id, before }),
      );
      return ok(null, '已删除');
    },
  );
}
