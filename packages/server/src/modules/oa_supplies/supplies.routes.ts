import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { idBody, stockInBody, suppliesItem, suppliesItemBody } from '@oa/shared/contract/approval-modules';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { approvalPath, audited } from '../route-kit';
import * as svc from './supplies.service';

/** The office supplies stock (oa_supplies). */
export async function suppliesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  const none = envelope(z.null());
  // ---- 办公用品库存 (/OfficeSuppliesManage)
  const tagS = ['办公用品库存'];
  r.get(
    approvalPath('supplies/list'),
    {
      config: access.perm('oa_supplies'),
      schema: {
        summary: '办公用品库存（含低库存预警）',
        tags: tagS,
        querystring: z.object({ keyword: z.string().max(50).optional() }),
        response: { 200: envelope(z.array(suppliesItem)) },
      },
    },
    async (req) => ok(await svc.listSupplies(db, req.query.keyword)),
  );
  r.post(
    approvalPath('supplies/save'),
    {
      config: access.perm('oa_supplies:manage'),
      schema: { summary: '新增或修改物品', tags: tagS, body: suppliesItemBody, response: { 200: envelope(suppliesItem.nullable()) } },
    },
    async (req) => {
      const { saved } = await audited(
        db,
        req,
        (trx) => svc.saveSupply(trx, req.body),
        (s) => ({ action: 'supplies.save', target: s.saved.id, before: s.before, after: s.saved }),
      );
      return ok(saved, '已保存');
    },
  );
  r.post(
    approvalPath('supplies/stock-in'),
    {
      config: access.perm('oa_supplies:manage'),
      schema: { summary: '物品入库', tags: tagS, body: stockInBody, response: { 200: envelope(suppliesItem.nullable()) } },
    },
    async (req) => {
      const { saved } = await audited(
        db,
        req,
        (trx) => svc.stockIn(trx, req.body.id, req.body.quantity),
        (s) => ({ action: 'supplies.stock-in', target: s.saved.id, detail: req.body, before: s.before, after: s.saved }),
      );
      return ok(saved, '已入库');
    },
  );
  r.post(
    approvalPath('supplies/delete'),
    { config: access.perm('oa_supplies:manage'), schema: { summary: '删除物品', tags: tagS, body: idBody, response: { 200: none } } },
    async (req) => {
      await audited(
        db,
        req,
        (trx) => svc.removeSupply(trx, req.body.id),
        (before) => ({ action: 'supplies.delete', target: req.body.id, before }),
      );
      return ok(null, '已删除');
    },
  );
}
