import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@oa/shared/contract/envelope';
import {
  APPROVAL_API, briefingIdQuery, briefingQuery, idBody, leaveBalance, leaveBalanceQuery, passportBookBody, passportBookItem, publishedBriefing,
  rewardRate, rewardRateBody, stockInBody, suppliesItem, suppliesItemBody,
} from '@oa/shared/contract/approval-extras';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { unauthorized } from '../../lib/errors';
import { writeAudit } from '../../core/audit';
import * as svc from './approval-extras.service';

/**
 * Side tables of the approval modules of issue 6: `/oa/api/auth/oa/approval/<area>/<action>`.
 * Reading follows the module's page; changing needs the settings page or the module's `:manage`.
 */
export async function approvalExtrasRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  const p = (path: string) => `/oa${APPROVAL_API}/${path}`;
  const none = envelope(z.null());
  const viewer = async (req: FastifyRequest, managePerm: string): Promise<svc.Viewer> => {
    const a = req.auth;
    if (!a) throw unauthorized();
    return { userCode: a.user.userCode, roleCodes: a.roleCodes, isAdmin: a.isAdmin, manage: a.isAdmin || (await a.can(managePerm)) };
  };
  const audit = (req: FastifyRequest, action: string, target: string, detail?: unknown) => writeAudit(db, req, { action, target, result: 'ok', detail });

  // ---- 劳务费标准 (/reward/setting, /reward/settingEdit)
  const tagR = ['劳务费标准'];
  r.get(p('reward-rates/list'), { config: access.perm('oa_reward'), schema: { summary: '劳务费标准列表', tags: tagR, response: { 200: envelope(z.array(rewardRate)) } } },
    async () => ok(await svc.listRates(db)));
  r.get(p('reward-rates/get'), { config: access.perm('oa_reward_setting'), schema: { summary: '劳务费标准详情', tags: tagR, querystring: idBody, response: { 200: envelope(rewardRate.nullable()) } } },
    async (req) => ok(await svc.getRate(db, req.query.id)));
  r.post(p('reward-rates/save'), { config: access.perm('oa_reward_setting_edit'), schema: { summary: '保存劳务费标准', tags: tagR, body: rewardRateBody, response: { 200: envelope(rewardRate.nullable()) } } },
    async (req) => {
      const saved = await svc.saveRate(db, req.auth!.user.userCode, req.body);
      await audit(req, 'reward-rate.save', saved.id, req.body);
      return ok(saved, '已保存');
    });
  r.post(p('reward-rates/delete'), { config: access.perm('oa_reward_setting_edit'), schema: { summary: '删除劳务费标准', tags: tagR, body: idBody, response: { 200: none } } },
    async (req) => {
      await svc.removeRate(db, req.body.id);
      await audit(req, 'reward-rate.delete', req.body.id);
      return ok(null, '已删除');
    });

  // ---- 办公用品库存 (/OfficeSuppliesManage)
  const tagS = ['办公用品库存'];
  r.get(p('supplies/list'), { config: access.perm('oa_supplies'), schema: { summary: '办公用品库存（含低库存预警）', tags: tagS, querystring: z.object({ keyword: z.string().max(50).optional() }), response: { 200: envelope(z.array(suppliesItem)) } } },
    async (req) => ok(await svc.listSupplies(db, req.query.keyword)));
  r.post(p('supplies/save'), { config: access.perm('oa_supplies:manage'), schema: { summary: '新增或修改物品', tags: tagS, body: suppliesItemBody, response: { 200: envelope(suppliesItem.nullable()) } } },
    async (req) => {
      const saved = await svc.saveSupply(db, req.body);
      await audit(req, 'supplies.save', saved.id, req.body);
      return ok(saved, '已保存');
    });
  r.post(p('supplies/stock-in'), { config: access.perm('oa_supplies:manage'), schema: { summary: '物品入库', tags: tagS, body: stockInBody, response: { 200: envelope(suppliesItem.nullable()) } } },
    async (req) => {
      const saved = await svc.stockIn(db, req.body.id, req.body.quantity);
      await audit(req, 'supplies.stock-in', saved.id, req.body);
      return ok(saved, '已入库');
    });
  r.post(p('supplies/delete'), { config: access.perm('oa_supplies:manage'), schema: { summary: '删除物品', tags: tagS, body: idBody, response: { 200: none } } },
    async (req) => {
      await svc.removeSupply(db, req.body.id);
      await audit(req, 'supplies.delete', req.body.id);
      return ok(null, '已删除');
    });

  // ---- 护照保管登记 (/Passport)
  const tagP = ['护照保管'];
  r.get(p('passports/list'), { config: access.perm('oa_passport'), schema: { summary: '护照保管登记（管理者看全部，其他人看本人）', tags: tagP, response: { 200: envelope(z.array(passportBookItem)) } } },
    async (req) => ok(await svc.listPassports(db, await viewer(req, 'oa_passport:manage'))));
  r.post(p('passports/save'), { config: access.perm('oa_passport:manage'), schema: { summary: '登记或修改证件', tags: tagP, body: passportBookBody, response: { 200: envelope(passportBookItem.nullable()) } } },
    async (req) => {
      const saved = await svc.savePassport(db, req.body);
      await audit(req, 'passport.save', saved.id, { passportNo: saved.passportNo });
      return ok(saved, '已保存');
    });
  r.post(p('passports/delete'), { config: access.perm('oa_passport:manage'), schema: { summary: '删除证件登记', tags: tagP, body: idBody, response: { 200: none } } },
    async (req) => {
      await svc.removePassport(db, req.body.id);
      await audit(req, 'passport.delete', req.body.id);
      return ok(null, '已删除');
    });

  // ---- 年休假 (/Leave, /LeaveManage)
  const tagL = ['年休假'];
  r.get(p('leave/mine'), { config: access.perm('oa_leave'), schema: { summary: '本人年休假余额', tags: tagL, querystring: leaveBalanceQuery, response: { 200: envelope(leaveBalance.nullable()) } } },
    async (req) => ok(await svc.myLeave(db, req.auth!.user.userCode, req.query.year)));
  r.get(p('leave/balances'), { config: access.perm('oa_leave_manage'), schema: { summary: '全员年休假余额', tags: tagL, querystring: leaveBalanceQuery, response: { 200: envelope(z.array(leaveBalance)) } } },
    async (req) => ok(await svc.allLeave(db, req.query.year, req.query.keyword)));

  // ---- 简报查阅 (/briefingList)
  const tagB = ['简报查阅'];
  r.get(p('briefings/list'), { config: access.perm('oa_briefing_list'), schema: { summary: '已发布的工作简报', tags: tagB, querystring: briefingQuery, response: { 200: envelope(paged(publishedBriefing)) } } },
    async (req) => ok(await svc.publishedBriefings(db, await viewer(req, 'oa_briefing:manage'), req.query)));
  r.get(p('briefings/get'), { config: access.perm('oa_briefing_list'), schema: { summary: '已发布简报全文', tags: tagB, querystring: briefingIdQuery, response: { 200: envelope(publishedBriefing.nullable()) } } },
    async (req) => ok(await svc.publishedBriefing(db, await viewer(req, 'oa_briefing:manage'), req.query.id)));
}
