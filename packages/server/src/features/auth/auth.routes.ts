import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaResult,
  changePasswordBody,
  loginState,
  loginStateBody,
  clientConfig,
  loginBody,
  loginResult,
  passwordStatus,
  resetPasswordBody,
  sessionUser,
  smsQuery,
} from '@oa/shared/contract/auth';
import { envelope } from '@oa/shared/contract/envelope';
import { loginChallenge } from '@oa/shared/contract/two-factor';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { ORG_CODE } from '@oa/shared/constants';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError, bizError } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import { signSessionToken } from '../../core/identity/tokens';
import * as svc from './auth.service';
import { userInfoAnswer, userInfoBody } from './userinfo.answer';
import { auditedAccountName, maskMobile } from '../../core/identity/account-mobile';

const nothing = envelope(z.null());
const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
/**
 * Sign-in attempts are events: their rows stand on their own (a failed attempt's counters never roll back with anything).
 * An account name typed as a mobile is kept masked.
 */
const auditFor =
  (app: FastifyInstance, req: FastifyRequest): svc.AuditFn =>
  (e) =>
    auditEvent(app.ctx.db, req, { ...e, target: auditedAccountName(e.target) });

/** Session and account calls of spec §7. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    '/oa/api/base/system/clientConfig',
    {
      config: access.public({ unsigned: true }),
      schema: {
        summary: '前端启动配置（站点标题、页脚、外部链接；签名 appId/secret 为公开参数，仅用于防脚本，不授予任何权限）',
        tags: ['会话'],
        response: { 200: envelope(clientConfig) },
      },
    },
    async () =>
      ok({
        appId: ctx.config.signAppId,
        secret: ctx.config.signSecret,
        siteTitle: ctx.config.siteTitle,
        footerTxt: '技术支持：信息中心',
        supportPhone: ctx.config.supportPhone,
        portalUrl: ctx.config.portalUrl,
        memberUrl: ctx.config.memberUrl,
        mandatoryUrl: ctx.config.mandatoryUrl,
        robotUserCode: ctx.config.robotUserCode,
        orgCode: ORG_CODE,
        version: ctx.config.version,
        loginCaptcha: ctx.config.loginCaptcha,
        sso: ctx.config.sso ? { protocol: ctx.config.sso.protocol, label: ctx.config.sso.buttonLabel } : null,
        directoryLogin: !!ctx.config.directory,
      }),
  );

  r.post(
    '/oa/api/base/browserLogin',
    {
      config: access.public(),
      schema: {
        summary: '账号密码登录（password 为 sm3(sm3(明文))）',
        tags: ['会话'],
        body: loginBody,
        // a second step due answers SECOND_FACTOR_REQUIRED with its challenge (core/identity/second-step.ts)
        response: { 200: envelope(z.union([loginResult, loginChallenge]).nullable()) },
      },
    },
    async (req) => ok(await svc.login(ctx, req.body, client(req), auditFor(app, req)), '登录成功'),
  );

  r.post(
    '/oa/api/base/system/authorize',
    {
      config: access.public(),
      schema: {
        summary: '移动端设备授权：凭账号密码签发与设备绑定的令牌，之后每个请求须带 auth-device = deviceId',
        tags: ['会话'],
        querystring: z.object({ deviceId: z.string().trim().min(6, { message: '设备标识 deviceId 不正确' }).max(128) }),
        body: loginBody,
        // a second step due answers SECOND_FACTOR_REQUIRED with its challenge (core/identity/second-step.ts)
        response: { 200: envelope(z.union([loginResult, loginChallenge]).nullable()) },
      },
    },
    async (req) => ok(await svc.authorizeDevice(ctx, req.query.deviceId, req.body, client(req), auditFor(app, req)), '授权成功'),
  );

  r.get(
    '/oa/api/base/system/sso',
    {
      config: access.public(),
      schema: {
        summary:
          '单点登录：可信门户以 OA_SSO_SECRET 签发的一次性票据（HS256 JWT，aud=oa-sso，sub=用户编码，jti，5 分钟内有效）换取会话；须双因素认证的账号得到 SECOND_FACTOR_REQUIRED 与 challenge',
        tags: ['会话'],
        querystring: z.object({ ticket: z.string().min(1, { message: '缺少单点登录票据 ticket' }).max(4096) }),
        response: { 200: envelope(z.union([loginResult, loginChallenge]).nullable()) },
      },
    },
    async (req) => ok(await svc.ssoLogin(ctx, req.query.ticket, client(req), auditFor(app, req)), '登录成功'),
  );

  r.post(
    '/oa/api/base/system/captcha/getCaptcha',
    {
      config: access.public(),
      schema: {
        summary: '图形验证码（SVG，5 分钟内有效，一次有效）',
        tags: ['会话'],
        body: z.object({ username: z.string().max(64).optional() }).nullish(),
        response: { 200: envelope(captchaResult) },
      },
    },
    async (req) => ok(await svc.createCaptcha(ctx, req.body?.username?.trim() || undefined, req.ip)),
  );

  r.post(
    '/oa/api/base/system/loginState',
    {
      config: access.public(),
      schema: {
        summary: '登录前询问：该账号（无论是否存在）是否需要图形验证码、是否已临时锁定（分钟数）',
        tags: ['会话'],
        body: loginStateBody,
        response: { 200: envelope(loginState) },
      },
    },
    async (req) => ok(await svc.loginState(ctx, req.body?.username?.trim() || undefined, req.ip)),
  );

  const smsHandler = async (req: FastifyRequest<{ Querystring: z.infer<typeof smsQuery> }>) => {
    await svc.sendAnonymousSms(ctx, req.query, req.ip);
    return ok(null, `验证码已发送至${req.query.mobile}`);
  };
  r.get(
    '/oa/api/base/system/sms/verification',
    {
      config: access.public(),
      schema: {
        summary:
          '未登录时发送短信验证码（仅重置密码；须先通过图形验证码 captchaKey + imageCaptcha；6 位，5 分钟有效，60 秒后可重发，每号每天 10 条，全站每日上限）',
        tags: ['会话'],
        querystring: smsQuery,
        response: { 200: nothing },
      },
    },
    smsHandler,
  );
  r.get(
    '/oa/api/base/system/captcha/getMobileCaptcha',
    {
      config: access.public(),
      schema: {
        summary: '未登录时发送短信验证码（同 sms/verification）',
        tags: ['会话'],
        querystring: smsQuery,
        response: { 200: nothing },
      },
    },
    smsHandler,
  );
  r.get(
    '/oa/api/auth/base/system/sms/verification',
    {
      config: access.login(),
      schema: {
        summary: '登录后发送短信验证码：重置密码只发往本人手机号；更换手机号（source 含 mobile）发往新号码',
        tags: ['会话'],
        querystring: smsQuery,
        response: { 200: nothing },
      },
    },
    async (req) => {
      await svc.sendSignedInSms(ctx, { userCode: req.auth!.user.userCode, mobile: req.auth!.user.mobile }, req.query, req.ip);
      return ok(null, `验证码已发送至${req.query.mobile}`);
    },
  );

  r.get(
    '/oa/api/auth/base/system/userinfo/get',
    {
      config: access.login({ applicants: true }),
      schema: { summary: '当前用户信息、角色、平台与权限', tags: ['会话'], response: { 200: userInfoAnswer } },
    },
    async (req, reply) => {
      // serialized once per session and version (userinfo.answer.ts): the guard read everything it shows
      const body = await userInfoBody(ctx, req.auth!);
      return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  r.get(
    '/oa/api/auth/base/system/user/info',
    {
      config: access.login({ applicants: true }),
      schema: { summary: '当前用户', tags: ['会话'], response: { 200: envelope(sessionUser) } },
    },
    async (req) => ok(req.auth!.user),
  );

  r.get(
    '/oa/api/auth/base/logout',
    {
      config: access.login({ applicants: true }),
      schema: { summary: '退出登录（立即吊销当前会话）', tags: ['会话'], response: { 200: nothing } },
    },
    async (req) => {
      await svc.logout(ctx, req.auth!.sessionId);
      await auditEvent(ctx.db, req, { action: 'logout', result: 'ok' });
      return ok(null, '已退出登录');
    },
  );

  r.get(
    '/oa/api/auth/base/system/password/status',
    {
      config: access.login({ applicants: true }),
      schema: {
        summary: '密码状态：code 0 无需修改；code 1004 已过期（超过 90 天或管理员重置）',
        tags: ['会话'],
        response: { 200: envelope(passwordStatus) },
      },
    },
    async (req, reply) => {
      const s = await svc.passwordStatus(ctx, req.auth!.user.userCode, req.auth!.sessionKind);
      if (s.expired) return reply.send({ code: ErrorCode.PASSWORD_EXPIRED, message: '您的密码已过期，请立即修改密码', data: s });
      return ok(s);
    },
  );

  r.get(
    '/oa/api/auth/base/system/v1/token',
    {
      config: access.login({ applicants: true }),
      schema: { summary: 'v1 令牌（在 message 中返回，前端存为 V1-TOKEN；1 小时有效）', tags: ['会话'], response: { 200: nothing } },
    },
    async (req) => {
      const token = await signSessionToken(ctx.jwtKey, { sub: req.auth!.user.userCode, sid: req.auth!.sessionId }, 3600, 'oa-v1');
      return { code: 0, message: token, data: null };
    },
  );

  r.post(
    '/oa/api/auth/industry/common/esen/getToken',
    {
      config: access.login(),
      schema: {
        summary: '报表工具短期令牌（5 分钟）：/toIrpt、/toAbi 携带它跳转到 OA_REPORT_IRPT_URL / OA_REPORT_ABI_URL；未配置时返回业务错误',
        tags: ['会话'],
        response: {
          200: envelope(
            z
              .object({ token: z.string(), irptUrl: z.string().nullable(), abiUrl: z.string().nullable(), expiresIn: z.number() })
              .nullable(),
          ),
        },
      },
    },
    async (req) => {
      const { reportIrptUrl, reportAbiUrl } = ctx.config;
      if (!reportIrptUrl && !reportAbiUrl) throw bizError('未配置报表工具（OA_REPORT_IRPT_URL / OA_REPORT_ABI_URL），请联系管理员');
      const token = await signSessionToken(ctx.jwtKey, { sub: req.auth!.user.userCode, sid: req.auth!.sessionId }, 300, 'oa-report');
      await auditEvent(ctx.db, req, { action: 'report.token', result: 'ok' });
      return ok({ token, irptUrl: reportIrptUrl ?? null, abiUrl: reportAbiUrl ?? null, expiresIn: 300 });
    },
  );

  r.put(
    '/oa/api/auth/base/system/changePassword',
    {
      config: access.login({ applicants: true }),
      schema: {
        summary: '修改密码（旧、新密码均为 sm3(sm3(明文))；成功后吊销其他会话）',
        tags: ['会话'],
        body: changePasswordBody,
        response: { 200: nothing },
      },
    },
    async (req) => {
      try {
        await svc.changePassword(ctx, { userCode: req.auth!.user.userCode, sessionId: req.auth!.sessionId }, req.body, (trx) =>
          writeAudit(trx, req, { action: 'password.change', result: 'ok', target: req.auth!.user.userCode }),
        );
      } catch (e) {
        await auditEvent(ctx.db, req, { action: 'password.change', result: 'fail', detail: { message: (e as Error).message } });
        throw e;
      }
      return ok(null, '密码修改成功');
    },
  );

  const resetHandler = async (req: FastifyRequest<{ Body: z.infer<typeof resetPasswordBody> }>) => {
    const me = req.auth ? { userCode: req.auth.user.userCode, sessionId: req.auth.sessionId } : null;
    try {
      await svc.resetPassword(ctx, me, req.body, req.ip, (trx, who) =>
        writeAudit(trx, req, { action: 'password.reset', result: 'ok', target: who, userCode: who }),
      );
    } catch (e) {
      if (e instanceof AppError)
        await auditEvent(ctx.db, req, {
          action: 'password.reset',
          result: 'fail',
          target: maskMobile(req.body.mobile),
          detail: { message: e.message },
        });
      throw e;
    }
    return ok(null, '密码重置成功');
  };
  r.put(
    '/oa/api/auth/base/system/resetPassword',
    {
      config: access.login(),
      schema: { summary: '短信验证码重置密码', tags: ['会话'], body: resetPasswordBody, response: { 200: nothing } },
    },
    resetHandler,
  );
  r.put(
    '/oa/api/base/system/resetPassword',
    {
      config: access.public(),
      schema: {
        summary: '忘记密码（登录页，无需登录）：手机号 + 短信验证码 + 新密码；成功后吊销该账号的全部会话',
        tags: ['会话'],
        body: resetPasswordBody,
        response: { 200: nothing },
      },
    },
    resetHandler,
  );
}
