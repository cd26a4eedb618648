import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { chinaDate, chinaInstant, chinaTime, addDays } from '@oa/shared/format/china-time';
import type { AppContext } from '../../core/context';
import { trackJob } from '../../core/metrics';
import type { NotifyDeliveryTable } from '../../db/schema/notify';
import { HOUR, isoAfter, isoBefore, nowIso } from '../../lib/time';
import { CHANNELS, type ChannelAdapter, type ChannelCode } from './channels';
import * as repo from './notify.repository';

/**
 * The delivery worker: fans each outbox row out to its channels (dispatch), then sends what is due (deliver).
 * Exactly once: a delivery is claimed by a conditional UPDATE with a lease, so two workers never both send it;
 * see docs/architecture.md「消息通知」for what a crash in the middle of a send does.
 */
export type Adapters = Partial<Record<ChannelCode, ChannelAdapter>>;

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 6;
/** a message older than this when no worker had taken it is not sent late (in-app only) */
const MAX_AGE_MS = 24 * HOUR;
const BATCH = 50;

export const workerId = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
export const backoffMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);

/** Where each person is reached on a channel (null: not on it). */
export function addressOf(channel: ChannelCode, u: { user_code: string; email: string | null; mobile: string | null }): string | null {
  if (channel === 'email') return u.email?.includes('@') ? u.email : null;
  if (channel === 'sms') return u.mobile || null;
  if (channel === 'wecom_app' || channel === 'dingtalk_app') return u.user_code;
  return '群';
}

/** The end of a person's quiet hours when `now` falls inside them (China time, 'HH:MM'; may span midnight), else now. */
export function afterQuiet(now: string, from: string | null, to: string | null): string {
  if (!from || !to || from === to) return now;
  const t = chinaTime(now);
  const today = chinaDate(now);
  if (from < to) return t >= from && t < to ? chinaInstant(today, to) : now;
  if (t >= from) return chinaInstant(addDays(today, 1), to);
  return t < to ? chinaInstant(today, to) : now;
}

/** Writes the deliveries of waiting outbox rows. Answers how many rows it dispatched. */
export async function dispatch(ctx: AppContext, adapters: Adapters): Promise<number> {
  const now = nowIso();
  await repo.expireOld(ctx.db, isoBefore(MAX_AGE_MS));
  const rows = await repo.undispatched(ctx.db, BATCH);
  if (!rows.length) return 0;
  const settings = new Map((await repo.channelSettings(ctx.db)).map((s) => [s.channel, s]));
  const people = new Map((await repo.recipients(ctx.db, [...new Set(rows.map((r) => r.user_code))])).map((u) => [u.user_code, u]));
  let n = 0;
  for (const row of rows) {
    const u = people.get(row.user_code);
    const deliveries: NotifyDeliveryTable[] = [];
    if (u && u.status === 'Y') {
      const off = new Set((u.off ?? '').split(',').filter(Boolean));
      for (const channel of CHANNELS) {
        const s = settings.get(channel);
        if (!adapters[channel] || s?.enabled === 'N' || (s && !s.kinds.split(',').includes(row.kind))) continue;
        if (off.has(`${row.kind}:${channel}`)) continue;
        const address = addressOf(channel, u);
        if (!address) continue;
        deliveries.push({
          id: `${row.id}:${channel}`,
          outbox_id: row.id,
          user_code: row.user_code,
          channel,
          address,
          status: 'pending',
          attempts: 0,
          next_at: afterQuiet(now, u.quiet_from, u.quiet_to),
          lease_owner: null,
          lease_until: null,
          last_answer: null,
          created_at: now,
          sent_at: null,
        });
      }
    }
    if (await repo.dispatchRow(ctx.db, row.id, deliveries)) n++;
  }
  return n;
}

/** Sends one claimed delivery and records the attempt. */
async function sendOne(ctx: AppContext, adapters: Adapters, owner: string, id: string): Promise<void> {
  const d = await repo.claim(ctx.db, id, owner, nowIso(), isoAfter(LEASE_MS));
  if (!d) return;
  const adapter = adapters[d.channel as ChannelCode];
  const names = await repo.recipients(ctx.db, [d.user_code]);
  try {
    if (!adapter) throw new Error('该渠道在本服务器上未配置');
    const answer = await adapter.send({
      deliveryId: d.id,
      address: d.address,
      userName: names[0]?.user_name ?? d.user_code,
      title: d.title,
      content: d.content,
      link: `${ctx.config.notify.publicUrl}${d.link}`,
    });
    await repo.settle(ctx.db, d.id, owner, nowIso(), { status: 'sent', answer: answer || '已送达' });
  } catch (e) {
    const answer = e instanceof Error ? e.message : String(e);
    const last = d.attempts >= MAX_ATTEMPTS || !adapter;
    await repo.settle(
      ctx.db,
      d.id,
      owner,
      nowIso(),
      last ? { status: 'failed', answer } : { status: 'pending', answer, nextAt: isoAfter(backoffMs(d.attempts)) },
    );
  }
}

/** Sends what is due; each channel in its own sequence, so a far end that is down delays only its channel. */
export async function deliver(ctx: AppContext, adapters: Adapters, owner: string): Promise<void> {
  const due = await repo.dueDeliveries(ctx.db, nowIso(), BATCH);
  const byChannel = new Map<string, string[]>();
  for (const { id } of due) {
    const channel = id.slice(id.lastIndexOf(':') + 1);
    byChannel.set(channel, [...(byChannel.get(channel) ?? []), id]);
  }
  await Promise.all(
    [...byChannel.values()].map(async (ids) => {
      for (const id of ids) await sendOne(ctx, adapters, owner, id);
    }),
  );
}

/** One round: dispatch, then deliver. */
export async function runOnce(ctx: AppContext, adapters: Adapters, owner: string): Promise<void> {
  await dispatch(ctx, adapters);
  await deliver(ctx, adapters, owner);
}

/** Polls every `everyMs`; unref'd, never overlapping itself. Answers the stop function. */
export function startWorker(ctx: AppContext, adapters: Adapters, everyMs: number, onError: (e: unknown) => void): () => void {
  const owner = workerId();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // each round is a background job of the metrics (oa_jobs_total{job="notify-outbox"}, its duration)
    trackJob(ctx, 'notify-outbox', () => runOnce(ctx, adapters, owner))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Figures of the outbox for monitoring: waiting (not yet sent, first try), retrying, failed, sent in the last hour. */
export async function outboxFigures(
  ctx: Pick<AppContext, 'db'>,
): Promise<{ pending: number; retrying: number; failed: number; sentLastHour: number }> {
  const f = await repo.figures(ctx.db, isoBefore(HOUR));
  const sum = (pred: (r: (typeof f.byStatus)[number]) => boolean) => f.byStatus.filter(pred).reduce((a, r) => a + r.n, 0);
  return {
    pending: f.waiting + sum((r) => r.status === 'pending' && r.kind === 'pending') + sum((r) => r.status === 'sending'),
    retrying: sum((r) => r.status === 'pending' && r.kind === 'retrying'),
    failed: sum((r) => r.status === 'failed'),
    sentLastHour: f.sent,
  };
}
