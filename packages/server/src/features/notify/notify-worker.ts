import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { chinaDate, chinaInstant, chinaTime, addDays } from '@oa/shared/format/china-time';
import type { AppContext } from '../../core/context';
import { trackJob } from '../../core/metrics';
import type { NotifyDeliveryTable } from '../../db/schema/notify';
import { HOUR, isoAfter, isoBefore, nowIso } from '../../lib/time';
import { CHANNELS, type ChannelAdapter, type ChannelCode } from './channels';
import { claimToken, whileLeased } from './delivery-lease';
import { isPermanent } from './push-channel';
import * as repo from './notify.repository';
import { choicesOf } from './notify-prefs.repository';
import { nextDigestAt, sendDigest } from './notify-digest';
import { DEFAULT_DIGEST_AT, MAX_ATTEMPTS, backoffMs } from './delivery-rules';
import { subIdsOf } from './push.repository';
import { sendAddress, withSmsAddress } from './sms-address';

/**
 * The delivery worker: fans each outbox row out to its channels (dispatch), then sends what is due (deliver).
 * Exactly once: a delivery is claimed by a conditional UPDATE with a lease, so two workers never both send it;
 * see docs/architecture.md「消息通知」for what a crash in the middle of a send does.
 */
export type Adapters = Partial<Record<ChannelCode, ChannelAdapter>>;

/** a message older than this when no worker had taken it is not sent late (in-app only) */
const MAX_AGE_MS = 24 * HOUR;
const BATCH = 50;

export const workerId = (): string => `${hostname().slice(0, 16)}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Where each person is reached on a channel (null: not on it). */
export function addressOf(channel: ChannelCode, u: { user_code: string; email: string | null; mobile: string | null }): string | null {
  if (channel === 'email') return u.email?.includes('@') ? u.email : null;
  if (channel === 'sms') return u.mobile || null;
  if (channel === 'wecom_app' || channel === 'dingtalk_app') return u.user_code;
  if (channel === 'webpush') return null;
  return '群';
}

/** Every address of a person on a channel: Web Push has one per browser they switched it on in (`push`). */
export function addressesOf(
  channel: ChannelCode,
  u: { user_code: string; email: string | null; mobile: string | null; push?: readonly string[] },
): string[] {
  if (channel === 'webpush') return [...(u.push ?? [])];
  const a = addressOf(channel, u);
  return a ? [a] : [];
}

/** `<outbox id>:<channel>`, or `<outbox id>:<subscription>:webpush`: the channel always last (deliver reads it). */
const deliveryIdOf = (outboxId: string, channel: ChannelCode, address: string) =>
  channel === 'webpush' ? `${outboxId}:${address}:${channel}` : `${outboxId}:${channel}`;

/** The end of a person's quiet hours when `now` falls inside them (China time, 'HH:MM'; may span midnight), else now. */
export function afterQuiet(now: string, from: string | null, to: string | null): string {
  if (!from || !to || from === to) return now;
  const t = chinaTime(now);
  const today = chinaDate(now);
  if (from < to) return t >= from && t < to ? chinaInstant(today, to) : now;
  if (t >= from) return chinaInstant(addDays(today, 1), to);
  return t < to ? chinaInstant(today, to) : now;
}

/**
 * Writes the deliveries of waiting outbox rows: one per channel the administrator routes the row's kind to and the
 * person did not switch off for its event; held until their quiet hours end, or until their daily digest.
 * Answers how many rows it dispatched.
 */
export async function dispatch(ctx: AppContext, adapters: Adapters, now = nowIso()): Promise<number> {
  await repo.expireOld(ctx.db, isoBefore(MAX_AGE_MS, Date.parse(now)));
  const rows = await repo.undispatched(ctx.db, BATCH);
  if (!rows.length) return 0;
  const settings = new Map((await repo.channelSettings(ctx.db)).map((s) => [s.channel, s]));
  const codes = [...new Set(rows.map((r) => r.user_code))];
  const people = new Map((await repo.recipients(ctx.db, codes)).map((u) => [u.user_code, withSmsAddress(ctx.fieldKeys, u)]));
  const modes = new Map((await choicesOf(ctx.db, codes)).map((c) => [`${c.user_code}:${c.event}:${c.channel}`, c.mode]));
  const push = new Map<string, string[]>();
  for (const s of await subIdsOf(ctx.db, codes)) push.set(s.user_code, [...(push.get(s.user_code) ?? []), s.id]);
  let n = 0;
  for (const row of rows) {
    const u = people.get(row.user_code);
    const deliveries: NotifyDeliveryTable[] = [];
    if (u && u.status === 'Y') {
      for (const channel of CHANNELS) {
        const s = settings.get(channel);
        if (!adapters[channel] || s?.enabled === 'N' || (s && !s.kinds.split(',').includes(row.kind))) continue;
        const mode = modes.get(`${row.user_code}:${row.event}:${channel}`) ?? 'now';
        if (mode === 'off') continue;
        const due = mode === 'digest' ? nextDigestAt(now, u.digest_at ?? DEFAULT_DIGEST_AT) : now;
        for (const address of addressesOf(channel, { ...u, push: push.get(u.user_code) })) {
          deliveries.push({
            id: deliveryIdOf(row.id, channel, address),
            outbox_id: row.id,
            user_code: row.user_code,
            channel,
            address,
            status: 'pending',
            attempts: 0,
            next_at: afterQuiet(due, u.quiet_from, u.quiet_to),
            lease_owner: null,
            lease_until: null,
            last_answer: null,
            created_at: now,
            sent_at: null,
            digest: mode === 'digest' ? 'Y' : 'N',
          });
        }
      }
    }
    if (await repo.dispatchRow(ctx.db, row.id, deliveries)) n++;
  }
  return n;
}

/** Sends one claimed delivery and records the attempt. */
async function sendOne(ctx: AppContext, adapters: Adapters, worker: string, id: string, now: string): Promise<void> {
  const owner = claimToken(worker);
  const d = await repo.claim(ctx.db, id, owner, now, isoAfter(ctx.config.notify.leaseMs));
  if (!d) return;
  const adapter = adapters[d.channel as ChannelCode];
  const names = await repo.recipients(ctx.db, [d.user_code]);
  try {
    if (!adapter) throw new Error('该渠道在本服务器上未配置');
    const answer = await whileLeased(ctx, d.id, owner, () =>
      adapter.send({
        deliveryId: d.id,
        address: sendAddress(ctx.fieldKeys, d.channel, d.address, names[0]),
        userName: names[0]?.user_name ?? d.user_code,
        title: d.title,
        content: d.content,
        link: `${ctx.config.notify.publicUrl}${d.link}`,
      }),
    );
    await repo.settle(ctx.db, d.id, owner, nowIso(), { status: 'sent', answer: answer || '已送达' });
  } catch (e) {
    const answer = e instanceof Error ? e.message : String(e);
    const last = d.attempts >= MAX_ATTEMPTS || !adapter || isPermanent(e);
    await repo.settle(
      ctx.db,
      d.id,
      owner,
      nowIso(),
      last ? { status: 'failed', answer } : { status: 'pending', answer, nextAt: isoAfter(backoffMs(d.attempts)) },
    );
  }
}

/**
 * Sends what is due; each channel in its own sequence, so a far end that is down delays only its channel. A
 * person's digest deliveries on a channel go as one message.
 */
export async function deliver(ctx: AppContext, adapters: Adapters, owner: string, now = nowIso()): Promise<void> {
  const due = await repo.dueDeliveries(ctx.db, now, BATCH);
  const byChannel = new Map<string, Array<() => Promise<void>>>();
  const digests = new Set<string>();
  for (const d of due) {
    const jobs = byChannel.get(d.channel) ?? [];
    byChannel.set(d.channel, jobs);
    if (d.digest !== 'Y') jobs.push(() => sendOne(ctx, adapters, owner, d.id, now));
    else if (!digests.has(`${d.user_code}:${d.channel}`)) {
      digests.add(`${d.user_code}:${d.channel}`);
      jobs.push(() => sendDigest(ctx, adapters, owner, { userCode: d.user_code, channel: d.channel as ChannelCode, now }));
    }
  }
  await Promise.all(
    [...byChannel.values()].map(async (jobs) => {
      for (const job of jobs) await job();
    }),
  );
}

/** One round: dispatch, then deliver. */
export async function runOnce(ctx: AppContext, adapters: Adapters, owner: string, now = nowIso()): Promise<void> {
  await dispatch(ctx, adapters, now);
  await deliver(ctx, adapters, owner, now);
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
