import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_KINDS,
  type AttemptItem,
  type ChannelItem,
  type DeliveryItem,
  type NotifyChannel,
  type NotifyKind,
  type SaveChannelBody,
  type TestSendAnswer,
} from '@oa/shared/contract/notify';
import type { KeysetPaged } from '@oa/shared/contract/envelope';
import type { AppContext } from '../../core/context';
import { nextCursorOf, parseKeyset } from '../../db/keyset';
import { totalOfPage } from '../../db/count-capped';
import type { DeliveryStatus } from '../../db/schema/notify';
import { badRequest, bizError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { CHANNELS } from './channels';
import { addressesOf, type Adapters } from './notify-worker';
import { sendAddress, withSmsAddress } from './sms-address';
import { subIdsOf } from './push.repository';
import * as channelsRepo from './notify.repository';
import * as repo from './notify-admin.repository';

const NO_ADDRESS: Partial<Record<NotifyChannel, string>> = {
  email: '您的账号没有电子邮箱',
  webpush: '您尚未在任何浏览器开启「在此浏览器接收通知」',
};

/** The Web Push addresses of a person: one per browser they switched it on in. */
export const pushAddresses = async (ctx: AppContext, userCode: string) => (await subIdsOf(ctx.db, [userCode])).map((s) => s.id);

const kindsOf = (raw: string | undefined): NotifyKind[] =>
  raw === undefined ? [...NOTIFY_KINDS] : NOTIFY_KINDS.filter((k) => raw.split(',').includes(k));

/** Every channel: configured on this server (environment), switched on, the kinds routed to it. */
export async function channels(ctx: AppContext, adapters: Adapters): Promise<ChannelItem[]> {
  const settings = new Map((await channelsRepo.channelSettings(ctx.db)).map((s) => [s.channel, s]));
  return CHANNELS.map((c) => {
    const s = settings.get(c);
    return {
      channel: c,
      label: NOTIFY_CHANNEL_LABELS[c],
      configured: Boolean(adapters[c]),
      enabled: s?.enabled !== 'N',
      kinds: kindsOf(s?.kinds),
    };
  });
}

export async function saveChannel(ctx: AppContext, b: SaveChannelBody): Promise<void> {
  if (b.enabled && !b.kinds.length) throw badRequest('启用的渠道至少选择一种消息类型', 'kinds');
  await repo.saveChannel(ctx.db, b.channel, b.enabled ? 'Y' : 'N', [...new Set(b.kinds)].join(','), nowIso());
}

/** Sends a test message to the administrator's own address on the channel and answers what the far end said. */
export async function testSend(ctx: AppContext, adapters: Adapters, channel: NotifyChannel, userCode: string): Promise<TestSendAnswer> {
  const adapter = adapters[channel];
  if (!adapter) throw bizError(`「${NOTIFY_CHANNEL_LABELS[channel]}」未配置：请先按说明设置环境变量`);
  const me = await repo.contactOf(ctx.db, userCode);
  const stored = me
    ? addressesOf(channel, { ...withSmsAddress(ctx.fieldKeys, me), push: await pushAddresses(ctx, userCode) })[0]
    : undefined;
  if (!me || !stored) throw bizError(`${NO_ADDRESS[channel] ?? '您的账号没有手机号'}，无法发送测试消息`);
  try {
    const answer = await adapter.send({
      deliveryId: `test-${Date.now()}`,
      address: sendAddress(ctx.fieldKeys, channel, stored, me),
      userName: me.user_name,
      title: '测试消息',
      content: `这是一条来自${ctx.config.siteTitle}的测试消息（${NOTIFY_CHANNEL_LABELS[channel]}）。`,
      link: `${ctx.config.notify.publicUrl}/oa/message`,
    });
    return { ok: true, answer };
  } catch (e) {
    return { ok: false, answer: e instanceof Error ? e.message : String(e) };
  }
}

export async function deliveryLog(
  ctx: AppContext,
  q: { pageNumber: number; pageSize: number; after?: string; status?: DeliveryStatus },
): Promise<KeysetPaged<DeliveryItem>> {
  const after = parseKeyset(q.after);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const { rows, count } = await repo.deliveryLog(ctx.db, { status: q.status, after, limit: q.pageSize, offset });
  const { total, totalCapped } = await totalOfPage({ offset, limit: q.pageSize, got: rows.length, keyset: Boolean(after) }, count);
  return {
    list: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      userCode: r.user_code,
      userName: r.user_name ?? r.user_code,
      address: r.address,
      title: r.title,
      status: r.status,
      attempts: r.attempts,
      lastAnswer: r.last_answer,
      nextAt: r.next_at,
      createdAt: r.created_at,
      sentAt: r.sent_at,
    })),
    total,
    totalCapped,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    nextCursor: nextCursorOf(rows, q.pageSize, (r) => ({ key: r.created_at, id: r.id })),
  };
}

export async function attempts(ctx: AppContext, deliveryId: string): Promise<AttemptItem[]> {
  return (await repo.attemptsOf(ctx.db, deliveryId)).map((a) => ({ at: a.at, ok: a.ok === 'Y', answer: a.answer }));
}
