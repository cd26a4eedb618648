/** A browser's Web Push subscription (migration 107; features/notify/push.repository.ts). */
export interface NotifyPushSubTable {
  /** a hash of the endpoint (one row per browser) */
  id: string;
  user_code: string;
  /** the push service's URL, checked by features/notify/push-endpoint.ts when stored and when sent to */
  endpoint: string;
  /** the browser's P-256 public key and auth secret (base64url, RFC 8291) */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
}

export interface NotifyPushTables {
  notify_push_sub: NotifyPushSubTable;
}
