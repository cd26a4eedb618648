import type { PushKeyAnswer, PushSubscribeBody } from '@oa/shared/contract/notify-push';
import { PUSH_API } from '@oa/shared/contract/notify-push-api';
import { http, unwrap } from './http-client';

/**
 * Web Push in this browser: the app's service worker (public/sw.js, served at /oa/sw.js with scope /oa/) shows the
 * server's messages and opens their item; a person switches it on in 个人设置 (「在此浏览器接收通知」).
 */
const BASE = import.meta.env.BASE_URL;
const SW_URL = `${BASE}sw.js`;

/** Whether this browser can receive Web Push here (a service worker needs https, or localhost). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * Registers the service worker once the page has loaded (a browser without it, or over plain http, goes on without):
 * its download of the phone app's shell does not compete with the page's own files.
 */
export function registerServiceWorker(): void {
  if (!pushSupported()) return;
  const register = () => void navigator.serviceWorker.register(SW_URL, { scope: BASE }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const keyBytes = (b64url: string): Uint8Array<ArrayBuffer> => {
  const s = atob(b64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64url.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
};

/** This browser's subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(BASE);
  return reg ? reg.pushManager.getSubscription() : null;
}

export const pushKey = async (): Promise<PushKeyAnswer> => unwrap(await http.get<PushKeyAnswer>(PUSH_API.key));

export const SUBSCRIBE_FAILED = '此浏览器未能开通通知（浏览器的推送服务不可用），请稍后重试或换用其他浏览器';

/** Asks for permission, subscribes with the server's key and stores the subscription on the server. */
export async function startPushHere(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('浏览器未允许通知：请在浏览器的网站设置中允许本站发送通知');
  const { publicKey } = await pushKey();
  const reg = await navigator.serviceWorker.register(SW_URL, { scope: BASE });
  await navigator.serviceWorker.ready;
  // a subscription made with another key (the server's key changed) cannot be reused
  await (await reg.pushManager.getSubscription())?.unsubscribe();
  // the browser's own refusal (no push service, push blocked) is in English: the person is told in Chinese
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }).catch(() => {
    throw new Error(SUBSCRIBE_FAILED);
  });
  unwrap(await http.post<null>(PUSH_API.subscribe, sub.toJSON() as PushSubscribeBody));
}

/** Ends this browser's subscription and tells the server (also at logout: a shared computer keeps nobody's messages). */
export async function stopPushHere(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  const endpoint = sub.endpoint;
  await sub.unsubscribe();
  await http.post<null>(PUSH_API.unsubscribe, { endpoint }, { quiet: true });
}
