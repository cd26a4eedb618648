import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import { pushKeyAnswer, pushSubscribeBody, pushUnsubscribeBody } from '@oa/shared/contract/notify-push';
import { PUSH_API } from '@oa/shared/contract/notify-push-api';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import * as svc from './push.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['消息通知'];

/** Web Push: the key a browser subscribes with, and a person's subscribe / unsubscribe of this browser. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    `/oa${PUSH_API.key}`,
    { config: access.login(), schema: { summary: '浏览器通知的公钥', tags, response: { 200: envelope(pushKeyAnswer) } } },
    async () => ok(await svc.pushKey(ctx)),
  );
  r.post(
    `/oa${PUSH_API.subscribe}`,
    {
      config: access.login(),
      schema: { summary: '在此浏览器接收通知', tags, body: pushSubscribeBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.subscribe(ctx, req.auth!.user.userCode, req.body, req.headers['user-agent']);
      return ok(null, '已开启此浏览器的通知');
    },
  );
  r.post(
    `/oa${PUSH_API.unsubscribe}`,
    {
      config: access.login(),
      schema: { summary: '此浏览器不再接收通知', tags, body: pushUnsubscribeBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.unsubscribe(ctx, req.auth!.user.userCode, req.body.endpoint);
      return ok(null, '已关闭此浏览器的通知');
    },
  );
}
