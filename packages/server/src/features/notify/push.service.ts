import { createHash } from 'node:crypto';
import type { PushKeyAnswer, PushSubscribeBody } from '@oa/shared/contract/notify-push';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { endpointRefusal } from './push-endpoint';
import { vapidKeys } from './push-keys';
import * as channelsRepo from './notify.repository';
import * as repo from './push.repository';

/** One row per browser: the id is a hash of the push endpoint. */
export const subIdOf = (endpoint: string): string => createHash('sha256').update(endpoint).digest('base64url').slice(0, 16);

const base64urlBytes = (s: string) => Buffer.from(s.replace(/=+$/, ''), 'base64url');

/** The key a browser subscribes with, and whether the administrator has the channel on. */
export async function pushKey(ctx: AppContext): Promise<PushKeyAnswer> {
  const [keys, settings] = await Promise.all([vapidKeys(ctx), channelsRepo.channelSettings(ctx.db)]);
  return { publicKey: keys.publicKey, enabled: settings.find((s) => s.channel === 'webpush')?.enabled !== 'N' };
}

/** Stores the browser's subscription for this person after checking the endpoint (push-endpoint.ts) and the keys. */
export async function subscribe(ctx: AppContext, userCode: string, b: PushSubscribeBody, userAgent: string | undefined): Promise<void> {
  const refusal = endpointRefusal(b.endpoint, ctx.config.notify.pushAllowedHosts);
  if (refusal) throw badRequest(`${refusal}（字段：endpoint）`, 'endpoint');
  const point = base64urlBytes(b.keys.p256dh);
  if (point.length !== 65 || point[0] !== 4) throw badRequest('订阅密钥不是有效的 P-256 公钥（字段：keys.p256dh）', 'keys.p256dh');
  if (base64urlBytes(b.keys.auth).length !== 16) throw badRequest('订阅的验证密钥应为 16 字节（字段：keys.auth）', 'keys.auth');
  await repo.upsertSub(ctx.db, {
    id: subIdOf(b.endpoint),
    user_code: userCode,
    endpoint: b.endpoint,
    p256dh: b.keys.p256dh.replace(/=+$/, ''),
    auth: b.keys.auth.replace(/=+$/, ''),
    user_agent: userAgent?.slice(0, 255) ?? null,
    created_at: nowIso(),
  });
}

/** Removes this person's subscription of that browser; answers whether there was one. */
export const unsubscribe = (ctx: AppContext, userCode: string, endpoint: string): Promise<boolean> =>
  repo.deleteOwnSub(ctx.db, subIdOf(endpoint), userCode);
