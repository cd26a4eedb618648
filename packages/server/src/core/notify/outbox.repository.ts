import type { Db } from '../../db/database';
import { eventOrKind } from '@oa/shared/notify/events';
import type { NotifyKind } from '@oa/shared/contract/notify';
import { messageLink } from './message-link';

/** An in-app message as the workflow engine and the areas write it (wf_notification's columns). */
interface MessageRow {
  id: string;
  user_code: string;
  kind: NotifyKind;
  title: string;
  content: string;
  module_code: string | null;
  record_id: string | null;
  created_at: string;
}

/**
 * The one place every in-app message also enters the outbox of messages that leave the system: called by the
 * two writers of wf_notification (the workflow engine's `insertNotifications`, the areas' `insertNotices`) with
 * the caller's transaction, so the message and its outbox row commit together or not at all. The worker
 * (features/notify) fans it out to the channels later; nothing here waits for a far end. `event`
 * (@oa/shared/notify/events) is what people choose channels for; without one, the kind's own event.
 */
export async function enqueueOutbox(db: Db, rows: readonly MessageRow[], event?: string): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('notify_outbox')
    .values(
      rows.map((r) => ({
        id: r.id,
        user_code: r.user_code,
        kind: r.kind,
        event: eventOrKind(event, r.kind),
        title: r.title,
        content: r.content,
        link: messageLink(r.module_code, r.record_id),
        created_at: r.created_at,
        dispatched: 'N' as const,
      })),
    )
    .execute();
}
