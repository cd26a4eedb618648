import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCookie, stringifySetCookie } from 'cookie';
import { envelope } from '@oa/shared/contract/envelope';
import { ssoExchangeBody, ssoExchangeResult } from '@oa/shared/contract/sso';
import { loginChallenge } from '@oa/shared/contract/two-factor';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent } from '../../core/audit';
import { registerSessionKeeper, type AuditFn } from '../../core/identity/sign-in';
import * as svc from './sso.service';

const COOKIE = 'oa_sso_browser';
const COOKIE_PATH = '/oa/api/base/sso';
const protocolParam = z.object({ protocol: z.enum(['oidc', 'cas'], { message: '登录方式只能是 oidc 或 cas' }) });
const text = z.string().max(4096).optional();

/** The address people open the site at: OA_PUBLIC_URL when configured (README), else the address the request came to. */
const originOf = (app: FastifyInstance, req: FastifyRequest) =>
  app.ctx.config.notify.configuredPublicUrl ?? `${req.protocol}://${req.host}`;
const browserCookie = (req: FastifyRequest) => parseCookie(req.headers.cookie ?? '')[COOKIE];
const auditFor =
  (app: FastifyInstance, req: FastifyRequest): AuditFn =>
  (e) =>
    auditEvent(app.ctx.db, req, e);

/** Single sign-on: OpenID Connect or CAS (docs/configuration.md「单点登录」). The start and the callback are browser navigations. */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerSessionKeeper(ctx, ['oidc', 'cas'], svc.keepSession);

  r.get(
    '/oa/api/base/sso/:protocol/start',
    {
      config: access.public({ unsigned: true }),
      schema: {
        summary: '统一身份认证登录：浏览器由此跳转到身份认证服务（redirect 为登录后返回的站内路径）',
        tags: ['会话'],
        params: protocolParam,
        querystring: z.object({ redirect: text }),
      },
    },
    async (req, reply) => {
      const key = svc.browserKeyOf(browserCookie(req));
      const origin = originOf(app, req);
      const url = await svc.beginSignIn(ctx, origin, req.params.protocol, req.query.redirect, key, req.ip, auditFor(app, req));
      const cookie = stringifySetCookie({
        name: COOKIE,
        value: key,
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: origin.startsWith('https:'),
        maxAge: 30 * 60,
      });
      return (reply as FastifyReply).header('set-cookie', cookie).header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  r.get(
    '/oa/api/base/sso/:protocol/callback',
    {
      config: access.public({ unsigned: true }),
      schema: {
        summary: '统一身份认证回调：校验后带一次性凭据回到登录页（失败时带原因）',
        tags: ['会话'],
        params: protocolParam,
        querystring: z.object({
          state: text,
          code: text,
          ticket: text,
          iss: text,
          error: text,
          error_description: text,
          session_state: text,
        }),
      },
    },
    async (req, reply) => {
      const to = await svc.finishSignIn(ctx, req.params.protocol, originOf(app, req), req.query, browserCookie(req), auditFor(app, req));
      return (reply as FastifyReply).header('cache-control', 'no-store').redirect(to, 302);
    },
  );

  r.post(
    '/oa/api/base/sso/exchange',
    {
      config: access.public(),
      schema: {
        summary:
          '登录页以统一身份认证回调给出的一次性凭据换取会话（仅限发起登录的浏览器，2 分钟内有效，一次有效）；须双因素认证的账号与密码登录一样得到 SECOND_FACTOR_REQUIRED 与 challenge，第二步后发放会话',
        tags: ['会话'],
        body: ssoExchangeBody,
        response: { 200: envelope(z.union([ssoExchangeResult, loginChallenge])) },
      },
    },
    async (req) =>
      ok(
        await svc.exchange(
          ctx,
          req.body.code,
          browserCookie(req),
          { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
          auditFor(app, req),
        ),
        '登录成功',
      ),
  );

  r.get(
    '/oa/api/auth/oa/sso/logoutUrl',
    {
      config: access.login({ applicants: true }),
      schema: {
        summary: '退出前询问：本会话由统一身份认证登录时，退出后前往的身份认证服务注销地址（否则为 null）',
        tags: ['会话'],
        response: { 200: envelope(z.object({ logoutUrl: z.string().nullable() })) },
      },
    },
    async (req) => ok({ logoutUrl: await svc.providerLogoutUrl(ctx, originOf(app, req), req.auth!.sessionId) }),
  );
}
