import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { PushPayload } from '@oa/shared/contract/notify-push';
import type { AppContext } from '../../core/context';
import type { ChannelAdapter } from './channels';
import type { OutMessage } from './message-text';
import { endpointRefusal } from './push-endpoint';
import { vapidKeys } from './push-keys';
import * as repo from './push.repository';

const TIMEOUT_MS = 15_000;
/** how long the push service keeps a message for a browser that is offline */
const TTL_SECONDS = 24 * 3600;

/** A failure that trying again cannot mend (the subscription is gone or refused): the delivery fails at once. */
export class PermanentSendError extends Error {
  readonly permanent = true;
}
export const isPermanent = (e: unknown): boolean => e instanceof PermanentSendError;

/**
 * The Topic header (RFC 8030 §5.4, at most 32 base64url characters): a copy of a delivery sent again replaces the one
 * the push service still holds for an offline browser, and the service worker shows it under the same tag.
 */
const topicOf = (deliveryId: string) => createHash('sha256').update(deliveryId).digest('base64url').slice(0, 32);

/** Web Push (VAPID, aes128gcm per RFC 8291) to the subscription named by the delivery's address. */
export function webPushAdapter(ctx: Pick<AppContext, 'db' | 'config'>): ChannelAdapter {
  const cfg = ctx.config.notify;
  return {
    async send(m: OutMessage) {
      const sub = await repo.subById(ctx.db, m.address);
      if (!sub) throw new PermanentSendError('该浏览器已取消接收通知');
      const refusal = endpointRefusal(sub.endpoint, cfg.pushAllowedHosts);
      if (refusal) throw new PermanentSendError(refusal);
      const keys = await vapidKeys(ctx);
      const payload: PushPayload = { title: m.title, body: m.content, link: m.link, tag: m.deliveryId };
      const req = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: cfg.vapidSubject, ...keys },
          TTL: TTL_SECONDS,
          urgency: 'high',
          topic: topicOf(m.deliveryId),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(req.headers)
          .filter(([k]) => k.toLowerCase() !== 'content-length')
          .map(([k, v]) => [k, String(v)]),
      );
      const res = await fetch(sub.endpoint, {
        method: 'POST',
        headers,
        body: req.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = (await res.text()).slice(0, 500);
      if (res.status === 404 || res.status === 410) {
        await repo.deleteSub(ctx.db, sub.id);
        throw new PermanentSendError(`HTTP ${res.status} 该浏览器的订阅已失效，已删除 ${text}`.trim());
      }
      if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status} ${text}`.trim());
      return `HTTP ${res.status} ${text}`.trim();
    },
  };
}
