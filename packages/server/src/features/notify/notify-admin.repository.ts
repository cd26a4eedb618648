import type { Db } from '../../db/database';
import type { Keyset } from '../../db/keyset';
import { countCapped } from '../../db/count-capped';
import type { DeliveryStatus } from '../../db/schema/notify';

/** SQL of the administrator's page and the personal choices (the worker's is notify.repository.ts). */

export async function saveChannel(db: Db, channel: string, enabled: 'Y' | 'N', kinds: string, at: string): Promise<void> {
  await db
    .insertInto('notify_channel')
    .values({ channel, enabled, kinds, updated_at: at })
    .onConflict((oc) => oc.column('channel').doUpdateSet({ enabled, kinds, updated_at: at }))
    .execute();
}

/** The delivery log, newest first, by the (created_at, id) index; `status` narrows it. */
export async function deliveryLog(db: Db, q: { status?: DeliveryStatus; after: Keyset | null; limit: number; offset: number }) {
  let base = db.selectFrom('notify_delivery');
  if (q.status) base = base.where('notify_delivery.status', '=', q.status);
  let page = base;
  if (q.after) {
    const { key, id } = q.after;
    page = page.where((eb) =>
      eb.or([
        eb('notify_delivery.created_at', '<', key),
        eb.and([eb('notify_delivery.created_at', '=', key), eb('notify_delivery.id', '<', id)]),
      ]),
    );
  }
  const rows = await page
    .innerJoin('notify_outbox', 'notify_outbox.id', 'notify_delivery.outbox_id')
    .leftJoin('sys_user', 'sys_user.user_code', 'notify_delivery.user_code')
    .select([
      'notify_delivery.id',
      'notify_delivery.channel',
      'notify_delivery.user_code',
      'sys_user.user_name',
      'notify_delivery.address',
      'notify_outbox.title',
      'notify_delivery.status',
      'notify_delivery.attempts',
      'notify_delivery.last_answer',
      'notify_delivery.next_at',
      'notify_delivery.created_at',
      'notify_delivery.sent_at',
    ])
    .orderBy('notify_delivery.created_at', 'desc')
    .orderBy('notify_delivery.id', 'desc')
    .limit(q.limit)
    .offset(q.after ? 0 : q.offset)
    .execute();
  return { rows, count: () => countCapped(db, base) };
}

export const attemptsOf = (db: Db, deliveryId: string) =>
  db.selectFrom('notify_attempt').select(['at', 'ok', 'answer']).where('delivery_id', '=', deliveryId).orderBy('id').execute();

export const contactOf = (db: Db, userCode: string) =>
  db
    .selectFrom('sys_user')
    .select(['user_code', 'user_name', 'email', 'mobile', 'mobile_sealed'])
    .where('user_code', '=', userCode)
    .executeTakeFirst();
