/** Web Push (VAPID) to the installed web app: the server's public key and a browser's subscription. */
export const PUSH_API = {
  key: '/api/auth/oa/notify/push/key',
  subscribe: '/api/auth/oa/notify/push/subscribe',
  unsubscribe: '/api/auth/oa/notify/push/unsubscribe',
} as const;
