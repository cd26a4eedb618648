import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_SECURITY_API,
  endSessionBody,
  endUserSessionsBody,
  loginLock,
  onlineSessionPage,
  sessionQuery,
  unlockBody,
} from '@oa/shared/contract/account-security';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import * as svc from './account-security.service';

const nothing = { 200: envelope(z.null()) };

/** 账号与会话 (/accountSecurity): the security administrator lifts login locks and ends sessions. */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = access.perm('sys_account_security');
  const tags = ['账号与会话'];
  const ctx = app.ctx;
  const actor = (req: FastifyRequest): svc.Actor => ({ userCode: req.auth!.user.userCode, sessionId: req.auth!.sessionId, ip: req.ip });

  r.get(
    `/oa${ACCOUNT_SECURITY_API.locks}`,
    { config, schema: { summary: '当前被登录失败锁定的账号与来源地址', tags, response: { 200: envelope(z.array(loginLock)) } } },
    async () => ok(await svc.listLocks(ctx)),
  );
  r.post(
    `/oa${ACCOUNT_SECURITY_API.unlock}`,
    { config, schema: { summary: '解除锁定（同时清零失败次数）', tags, body: unlockBody, response: nothing } },
    async (req) => {
      await svc.unlock(ctx, actor(req), req.body.key);
      return ok(null, '已解除锁定');
    },
  );
  r.get(
    `/oa${ACCOUNT_SECURITY_API.sessions}`,
    {
      config,
      schema: {
        summary: '在线会话（最近活动在前，可按账号筛选）',
        tags,
        querystring: sessionQuery,
        response: { 200: envelope(onlineSessionPage) },
      },
    },
    async (req) => ok(await svc.listSessions(ctx, actor(req), req.query)),
  );
  r.post(
    `/oa${ACCOUNT_SECURITY_API.endSession}`,
    { config, schema: { summary: '强制下线一个会话', tags, body: endSessionBody, response: nothing } },
    async (req) => {
      await svc.endSession(ctx, actor(req), req.body.id);
      return ok(null, '已强制下线');
    },
  );
  r.post(
    `/oa${ACCOUNT_SECURITY_API.endUserSessions}`,
    {
      config,
      schema: {
        summary: '强制下线某人的全部会话（本人当前会话除外）',
        tags,
        body: endUserSessionsBody,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (req) => {
      const count = await svc.endUserSessions(ctx, actor(req), req.body.userCode);
      return ok({ count }, count ? `已强制下线 ${count} 个会话` : '此人没有在线会话');
    },
  );
}
