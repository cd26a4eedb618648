import { z } from 'zod';

/** The browser's PushSubscription keys are base64url (RFC 8291): p256dh a P-256 point, auth 16 bytes. */
const b64url = (field: string, min: number, max: number) =>
  z
    .string({ message: `缺少订阅密钥（字段：${field}）` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `订阅密钥格式不正确（字段：${field}）` })
    .min(min, { message: `订阅密钥长度不正确（字段：${field}）` })
    .max(max, { message: `订阅密钥长度不正确（字段：${field}）` });

const endpoint = z
  .string({ message: '缺少推送地址（字段：endpoint）' })
  .min(1, { message: '缺少推送地址（字段：endpoint）' })
  .max(1000, { message: '推送地址过长（字段：endpoint）' });

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscribeBody = z.object({
  endpoint,
  keys: z.object({ p256dh: b64url('keys.p256dh', 80, 100), auth: b64url('keys.auth', 16, 30) }, { message: '缺少订阅密钥（字段：keys）' }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

/** The VAPID public key (applicationServerKey) and whether the channel is switched on for this person. */
export const pushKeyAnswer = z.object({ publicKey: z.string(), enabled: z.boolean() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswer>;

/** What the service worker receives (decrypted by the browser) and shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** the item's page, absolute */
  link: string;
  /** the delivery id: a copy sent again after a crash replaces the shown notification (the same tag) */
  tag: string;
}
