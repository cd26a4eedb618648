import type { Generated } from 'kysely';

/** A message that leaves the system: written in the event's transaction (core/notify/outbox.repository.ts). */
export interface NotifyOutboxTable {
  /** the in-app message's id (wf_notification.id) */
  id: string;
  user_code: string;
  kind: string;
  title: string;
  content: string;
  /** the item's page in the web app, e.g. /oa/stampPreview?id=… (no credential) */
  link: string;
  /** the event (@oa/shared/notify/events) a person's choices are made for */
  event: string;
  created_at: string;
  /** 'Y' once its deliveries (one per channel) are written */
  dispatched: 'Y' | 'N';
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One message on one channel; claimed by a worker with a lease. */
export interface NotifyDeliveryTable {
  /** `<outbox id>:<channel>` */
  id: string;
  outbox_id: string;
  user_code: string;
  channel: string;
  /** e-mail address, mobile number, robot name or push endpoint */
  address: string;
  status: DeliveryStatus;
  attempts: number;
  next_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_answer: string | null;
  created_at: string;
  sent_at: string | null;
  /** 'Y': held for the person's daily digest (sent with the others of the same person and channel) */
  digest: 'Y' | 'N';
}

export interface NotifyAttemptTable {
  id: Generated<number>;
  delivery_id: string;
  at: string;
  ok: 'Y' | 'N';
  answer: string;
}

/** The administrator's switch and routing of a channel (no row: on when configured, every kind). */
export interface NotifyChannelTable {
  channel: string;
  enabled: 'Y' | 'N';
  /** comma-separated message kinds routed to the channel */
  kinds: string;
  updated_at: string;
}

export interface NotifyTables {
  notify_outbox: NotifyOutboxTable;
  notify_delivery: NotifyDeliveryTable;
  notify_attempt: NotifyAttemptTable;
  notify_channel: NotifyChannelTable;
}
