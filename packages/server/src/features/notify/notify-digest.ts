import { addDays, chinaDate, chinaInstant } from '@oa/shared/format/china-time';
import type { AppContext } from '../../core/context';
import { isoAfter } from '../../lib/time';
import type { ChannelAdapter, ChannelCode } from './channels';
import { MAX_ATTEMPTS, backoffMs } from './delivery-rules';
import { claimToken } from './delivery-lease';
import { claimDigest, settleDeliveries } from './notify-digest.repository';
import { recipients } from './notify.repository';
import { sendAddress } from './sms-address';

/** The next time a person's daily digest goes (China time 'HH:MM'): today's if still ahead of `now`, else tomorrow's. */
export function nextDigestAt(now: string, at: string): string {
  const today = chinaInstant(chinaDate(now), at);
  return today > now ? today : chinaInstant(addDays(chinaDate(now), 1), at);
}

/**
 * Sends a person's due digest on one channel as one message listing each item with its link; every delivery of it
 * is settled with the one answer (sent, retried later, or given up), so each item still goes exactly once.
 */
export async function sendDigest(
  ctx: AppContext,
  adapters: Partial<Record<ChannelCode, ChannelAdapter>>,
  worker: string,
  q: { userCode: string; channel: ChannelCode; now: string },
): Promise<void> {
  const owner = claimToken(worker);
  const leaseUntil = isoAfter(ctx.config.notify.leaseMs);
  const rows = await claimDigest(ctx.db, { userCode: q.userCode, channel: q.channel, owner, now: q.now, leaseUntil });
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  const adapter = adapters[q.channel];
  const [me] = await recipients(ctx.db, [q.userCode]);
  const base = ctx.config.notify.publicUrl;
  const at = () => new Date().toISOString();
  try {
    if (!adapter) throw new Error('该渠道在本服务器上未配置');
    const answer = await adapter.send({
      deliveryId: `${rows[0].id}:digest`,
      address: sendAddress(ctx.fieldKeys, q.channel, rows[0].address, me),
      userName: me?.user_name ?? q.userCode,
      title: `消息汇总（${chinaDate(q.now)}，共 ${rows.length} 条）`,
      content: `以下是您今天的 ${rows.length} 条消息：`,
      link: `${base}/oa/message`,
      items: rows.map((r) => ({ title: r.title, content: r.content, link: `${base}${r.link}` })),
    });
    await settleDeliveries(ctx.db, ids, owner, at(), { status: 'sent', answer: answer || '已送达' });
  } catch (e) {
    const answer = e instanceof Error ? e.message : String(e);
    const attempts = Math.max(...rows.map((r) => r.attempts));
    const last = attempts >= MAX_ATTEMPTS || !adapter;
    await settleDeliveries(
      ctx.db,
      ids,
      owner,
      at(),
      last ? { status: 'failed', answer } : { status: 'pending', answer, nextAt: isoAfter(backoffMs(attempts)) },
    );
  }
}
