import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { idBody, rewardRate, rewardRateBody } from '@oa/shared/contract/approval-modules';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { approvalPath, audited } from '../route-kit';
import * as svc from './reward.service';

/** The rate table of 劳务费 (oa_reward). */
export async function rewardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  const none = envelope(z.null());
  // ---- 劳务费标准 (/reward/setting, /reward/settingEdit)
  const tagR = ['劳务费标准'];
  r.get(
    approvalPath('reward-rates/list'),
    {
      config: access.perm('oa_reward'),
      schema: { summary: '劳务费标准列表', tags: tagR, response: { 200: envelope(z.array(rewardRate)) } },
    },
    async () => ok(await svc.listRates(db)),
  );
  r.get(
    approvalPath('reward-rates/get'),
    {
      config: access.perm('oa_reward_setting'),
      schema: { summary: '劳务费标准详情', tags: tagR, querystring: idBody, response: { 200: envelope(rewardRate.nullable()) } },
    },
    async (req) => ok(await svc.getRate(db, req.query.id)),
  );
  r.post(
    approvalPath('reward-rates/save'),
    {
      config: access.perm('oa_reward_setting_edit'),
      schema: { summary: '保存劳务费标准', tags: tagR, body: rewardRateBody, response: { 200: envelope(rewardRate.nullable()) } },
    },
    async (req) => {
      const { saved } = await audited(
        db,
        req,
        (trx) => svc.saveRate(trx, req.auth!.user.userCode, req.body),
        (s) => ({ action: 'reward-rate.save', target: s.saved.id, before: s.before, after: s.saved }),
      );
      return ok(saved, '已保存');
    },
  );
  r.post(
    approvalPath('reward-rates/delete'),
    {
      config: access.perm('oa_reward_setting_edit'),
      schema: { summary: '删除劳务费标准', tags: tagR, body: idBody, response: { 200: none } },
    },
    async (req) => {
      await audited(
        db,
        req,
        (trx) => svc.removeRate(trx, req.body.id),
        (before) => ({ action: 'reward-rate.delete', target: req.body.id, before }),
      );
      return ok(null, '已删除');
    },
  );
}
