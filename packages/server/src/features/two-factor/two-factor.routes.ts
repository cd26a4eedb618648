import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { userOption, userOptionQuery } from '@oa/shared/contract/admin';
import {
  confirmCodeBody,
  enrolStart,
  proofBody,
  recoveryCodes,
  resetBody,
  rolePolicy,
  rolePolicyBody,
  twoFactorStatus,
} from '@oa/shared/contract/two-factor';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError } from '../../lib/errors';
import { auditEvent, inChange, writeAudit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { beginEnrolment, confirmEnrolment } from '../../core/identity/two-factor';
import { searchUserOptions } from '../../core/identity/user-options';
import { viewerOf } from '../../core/access/visibility';
import * as svc from './two-factor.service';
import { registerComplianceControl } from '../../core/ports/compliance-port';
import { twoFactorControl } from './two-factor.compliance';

const BASE = '/oa/api/auth/oa/twoFactor';
const PERM = 'sys_mfa_policy';
const TAGS = ['双因素认证'];

/** Two factors: one's own (个人中心) and the per-role policy with an administrator's reset (登录安全策略). */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  registerComplianceControl(app.ctx, twoFactorControl);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const me = (req: FastifyRequest) => req.auth!.user.userCode;
  /** Runs a change and audits it, success or refusal alike. */
  const audited = async <T>(req: FastifyRequest, action: string, target: string, run: (c: AppContext) => Promise<T>): Promise<T> => {
    try {
      return await inChange(ctx.db, async (trx) => {
        const out = await run({ ...ctx, db: trx });
        await writeAudit(trx, req, { action, result: 'ok', target });
        return out;
      });
    } catch (e) {
      if (e instanceof AppError) await auditEvent(ctx.db, req, { action, result: 'fail', target, detail: { message: e.message } });
      throw e;
    }
  };

  r.get(
    `${BASE}/status`,
    {
      config: access.login(),
      schema: { summary: '本人的双因素认证状态', tags: TAGS, response: { 200: envelope(twoFactorStatus.nullable()) } },
    },
    async (req) => ok(await svc.status(ctx, me(req), req.auth!.user.mobile)),
  );
  r.post(
    `${BASE}/enrol`,
    {
      config: access.login(),
      schema: {
        summary: '开始绑定验证器：生成密钥与二维码（确认前不生效，15 分钟内有效）',
        tags: TAGS,
        response: { 200: envelope(enrolStart.nullable()) },
      },
    },
    async (req) => ok(await beginEnrolment(ctx, me(req))),
  );
  r.post(
    `${BASE}/confirm`,
    {
      config: access.login(),
      schema: {
        summary: '以验证器上的动态口令确认绑定；成功后一次性返回 10 个恢复码',
        tags: TAGS,
        body: confirmCodeBody,
        response: { 200: envelope(recoveryCodes.nullable()) },
      },
    },
    async (req) =>
      ok(
        { recoveryCodes: await audited(req, 'two-factor.enrol', me(req), (c) => confirmEnrolment(c, me(req), req.body.code)) },
        '已启用双因素认证',
      ),
  );
  r.post(
    `${BASE}/recovery`,
    {
      config: access.login(),
      schema: {
        summary: '重新生成恢复码（须动态口令或登录密码；旧恢复码作废）',
        tags: TAGS,
        body: proofBody,
        response: { 200: envelope(recoveryCodes.nullable()) },
      },
    },
    async (req) =>
      ok(
        { recoveryCodes: await audited(req, 'two-factor.recovery-regenerate', me(req), (c) => svc.regenerate(c, me(req), req.body)) },
        '已生成新的恢复码',
      ),
  );
  r.post(
    `${BASE}/disable`,
    {
      config: access.login(),
      schema: {
        summary: '停用双因素认证（须动态口令或登录密码；角色要求时不能停用）',
        tags: TAGS,
        body: proofBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await audited(req, 'two-factor.disable', me(req), (c) => svc.disable(c, me(req), req.body));
      return ok(null, '已停用双因素认证');
    },
  );

  r.get(
    `${BASE}/policy/list`,
    {
      config: access.perm(PERM),
      schema: {
        summary: '各角色是否必须启用双因素认证，及在职人数与已启用人数',
        tags: TAGS,
        response: { 200: envelope(z.array(rolePolicy).nullable()) },
      },
    },
    async () => ok(await svc.policies(ctx)),
  );
  r.post(
    `${BASE}/policy/save`,
    {
      config: access.perm(PERM),
      schema: { summary: '设置角色「必须启用双因素认证」', tags: TAGS, body: rolePolicyBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        const name = await svc.savePolicy({ ...ctx, db: trx }, me(req), req.body);
        await writeAudit(trx, req, {
          action: 'two-factor.policy',
          result: 'ok',
          target: req.body.roleCode,
          detail: { roleName: name, required: req.body.required },
          after: { required: req.body.required },
        });
      });
      return ok(null, '保存成功');
    },
  );
  r.get(
    `${BASE}/userOptions`,
    {
      config: access.perm(PERM),
      schema: {
        summary: '选择要重置双因素认证的人员',
        tags: TAGS,
        querystring: userOptionQuery,
        response: { 200: envelope(z.array(userOption)) },
      },
    },
    async (req) => ok(await searchUserOptions(ctx.db, viewerOf(req.auth!), req.query.keyword)),
  );
  r.post(
    `${BASE}/reset`,
    {
      config: access.perm(PERM),
      schema: {
        summary: '重置某人的双因素认证（如手机丢失）：移除其验证器与恢复码，并结束其全部会话',
        tags: TAGS,
        body: resetBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await audited(req, 'two-factor.reset', req.body.userCode, (c) => svc.reset(c, req.body.userCode));
      return ok(null, '已重置该人员的双因素认证');
    },
  );
}
