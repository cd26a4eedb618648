import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResult } from '@oa/shared/contract/auth';
import { envelope } from '@oa/shared/contract/envelope';
import { challengeBody, enrolConfirmLoginBody, enrolStart, loginWithRecovery, secondStepBody } from '@oa/shared/contract/two-factor';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent, writeAudit } from '../../core/audit';
import type { AuditFn, ChangeAuditFn } from '../../core/identity/sign-in';
import { auditedAccountName, maskMobile } from '../../core/identity/account-mobile';
import * as svc from './login-second-step';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

/**
 * The second step (two factors) of every way of signing in: the challenge a right password or a single sign-on got,
 * and nothing else, opens these (core/identity/second-step.ts).
 */
export async function loginFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auditFor =
    (req: FastifyRequest): AuditFn =>
    (e) =>
      auditEvent(ctx.db, req, { ...e, target: auditedAccountName(e.target) });
  /** the login's changes (a recovery code spent, an authenticator bound) are audited in their own transaction */
  const recordedFor =
    (req: FastifyRequest): ChangeAuditFn =>
    (trx, e) =>
      writeAudit(trx, req, { ...e, result: 'ok' });

  r.post(
    '/oa/api/base/login/secondStep',
    {
      config: access.public(),
      schema: {
        summary:
          '登录第二步：以密码登录或统一身份认证返回的 challenge 提交动态口令（totp）、恢复码（recovery）或短信验证码（sms）换取会话；错误计入登录锁定',
        tags: ['会话'],
        body: secondStepBody,
        response: { 200: envelope(loginResult.nullable()) },
      },
    },
    async (req) => ok(await svc.secondStep(ctx, req.body, client(req), auditFor(req), recordedFor(req)), '登录成功'),
  );

  r.post(
    '/oa/api/base/login/secondStep/sms',
    {
      config: access.public(),
      schema: {
        summary: '登录第二步：向账号绑定的手机号发送短信验证码（须配置短信网关）',
        tags: ['会话'],
        body: challengeBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(null, `验证码已发送至${maskMobile(await svc.sendSecondStepSms(ctx, req.body.challenge, req.ip))}`),
  );

  r.post(
    '/oa/api/base/login/enrol',
    {
      config: access.public(),
      schema: {
        summary: '角色要求双因素认证而尚未绑定：以 challenge 获取验证器密钥与二维码（绑定前不发放会话）',
        tags: ['会话'],
        body: challengeBody,
        response: { 200: envelope(enrolStart.nullable()) },
      },
    },
    async (req) => ok(await svc.startEnrolAtLogin(ctx, req.body.challenge)),
  );

  r.post(
    '/oa/api/base/login/enrol/confirm',
    {
      config: access.public(),
      schema: {
        summary: '登录时绑定验证器：提交验证器上的动态口令确认，成功后发放会话并一次性返回 10 个恢复码',
        tags: ['会话'],
        body: enrolConfirmLoginBody,
        response: { 200: envelope(loginWithRecovery.nullable()) },
      },
    },
    async (req) => ok(await svc.confirmEnrolAtLogin(ctx, req.body, client(req), auditFor(req), recordedFor(req)), '绑定成功'),
  );
}
