import type { FastifyInstance } from 'fastify';
import type { StreamEvent } from '@oa/shared/contract/workflow';
import { todoSources } from '../../core/ports/todo-sources';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { unread } from './pending.service';
import type { WfDeps } from './runtime';

const HEARTBEAT_MS = 25_000;

/**
 * GET /oa/api/auth/oa/process/stream — server-sent events for the logged-in user: `event: unread` (counts) on
 * connect and after each notification, `event: notification` with the notice, and a `: ping` comment every 25 s.
 * The browser reads it with fetch() + ReadableStream (it must send the auth and signature headers) and
 * `Accept: text/event-stream`; without that header the route answers the unread counts once as JSON.
 */
export function registerStream(app: FastifyInstance, deps: WfDeps): void {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(
    '/oa/api/auth/oa/process/stream',
    {
      config: access.login(),
      schema: { summary: '实时通知（text/event-stream：unread、notification 事件，每 25 秒心跳）', tags: ['待办中心'] },
    },
    async (req, reply) => {
      const userCode = req.auth!.user.userCode;
      if (!String(req.headers.accept ?? '').includes('text/event-stream'))
        return ok(await unread(deps.ctx.db, userCode, todoSources(deps.ctx)));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const sendCounts = () =>
        unread(deps.ctx.db, userCode, todoSources(deps.ctx))
          .then((c) => {
            if (!res.writableEnded) send('unread', c);
          })
          .catch(() => undefined);
      res.write('retry: 5000\n\n');
      await sendCounts();
      const unsubscribe =
        deps.bus?.subscribe(userCode, (ev: StreamEvent) => {
          if (res.writableEnded) return;
          send('notification', ev);
          void sendCounts();
        }) ?? (() => undefined);
      const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      beat.unref();
      const end = () => {
        clearInterval(beat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      req.raw.on('close', end);
    },
  );
}
