import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, keysetPaged } from '@oa/shared/contract/envelope';
import {
  NOTIFY_API,
  attemptItem,
  attemptsQuery,
  channelItem,
  deliveryItem,
  deliveryLogQuery,
  saveChannelBody,
  testSendAnswer,
  testSendBody,
} from '@oa/shared/contract/notify';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { buildAdapters } from './channels';
import { outboxFigures, startWorker } from './notify-worker';
import { registerMetric } from '../../core/metrics';
import { Gauge } from 'prom-client';
import { myNotifyPrefs, myNotifyPrefsAnswer } from '@oa/shared/contract/notify-prefs';
import * as svc from './notify.service';
import * as prefs from './notify-prefs.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['消息通知'];
const PERM = 'sys_notify';

/** Messages that leave the system: the delivery worker of this instance, the administrator's page, personal choices. */
export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const cfg = ctx.config.notify;
  const adapters = buildAdapters(ctx, cfg);
  registerMetric(
    ctx,
    new Gauge({
      name: 'oa_notify_deliveries',
      help: '对外消息投递（state=pending|retrying|failed|sent_last_hour）',
      labelNames: ['state'],
      registers: [],
      async collect() {
        const f = await outboxFigures(ctx);
        this.set({ state: 'pending' }, f.pending);
        this.set({ state: 'retrying' }, f.retrying);
        this.set({ state: 'failed' }, f.failed);
        this.set({ state: 'sent_last_hour' }, f.sentLastHour);
      },
    }),
  );
  if (cfg.pollMs > 0) {
    const stop = startWorker(ctx, adapters, cfg.pollMs, (e) => app.log.error({ err: e }, 'notify worker'));
    app.addHook('onClose', async () => stop());
  }

  r.get(
    `/oa${NOTIFY_API.channels}`,
    {
      config: access.perm(PERM),
      schema: { summary: '消息渠道（配置、开关、路由）', tags, response: { 200: envelope(z.array(channelItem)) } },
    },
    async () => ok(await svc.channels(ctx, adapters)),
  );
  r.post(
    `/oa${NOTIFY_API.saveChannel}`,
    {
      config: access.perm(PERM),
      schema: { summary: '保存渠道开关与消息类型', tags, body: saveChannelBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await svc.saveChannel({ ...ctx, db: trx }, req.body);
        await writeAudit(trx, req, { action: 'notify.channel', target: req.body.channel, result: 'ok', detail: req.body });
      });
      return ok(null, '已保存');
    },
  );
  r.post(
    `/oa${NOTIFY_API.testSend}`,
    {
      config: access.perm(PERM),
      schema: { summary: '测试发送（回显对端应答）', tags, body: testSendBody, response: { 200: envelope(testSendAnswer) } },
    },
    async (req) => ok(await svc.testSend(ctx, adapters, req.body.channel, req.auth!.user.userCode)),
  );
  r.get(
    `/oa${NOTIFY_API.log}`,
    {
      config: access.perm(PERM),
      schema: { summary: '投递记录', tags, querystring: deliveryLogQuery, response: { 200: envelope(keysetPaged(deliveryItem)) } },
    },
    async (req) => ok(await svc.deliveryLog(ctx, req.query)),
  );
  r.get(
    `/oa${NOTIFY_API.attempts}`,
    {
      config: access.perm(PERM),
      schema: { summary: '一条投递的每次尝试', tags, querystring: attemptsQuery, response: { 200: envelope(z.array(attemptItem)) } },
    },
    async (req) => ok(await svc.attempts(ctx, req.query.deliveryId)),
  );
  r.get(
    `/oa${NOTIFY_API.myPrefs}`,
    { config: access.login(), schema: { summary: '我的消息通知设置', tags, response: { 200: envelope(myNotifyPrefsAnswer) } } },
    async (req) => ok(await prefs.myPrefs(ctx, adapters, req.auth!.user.userCode)),
  );
  r.post(
    `/oa${NOTIFY_API.saveMyPrefs}`,
    {
      config: access.login(),
      schema: {
        summary: '保存我的消息通知设置（按消息类型和渠道：即时、每日汇总、关闭；免打扰；汇总时间）',
        tags,
        body: myNotifyPrefs,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await prefs.saveMyPrefs(ctx, adapters, req.auth!.user.userCode, req.body);
      return ok(null, '已保存');
    },
  );
}
