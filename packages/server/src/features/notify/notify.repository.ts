import type { Db } from '../../db/database';
import type { NotifyDeliveryTable } from '../../db/schema/notify';
import { settleDeliveries, type Outcome } from './notify-digest.repository';

/** All SQL of the delivery worker and the administrator's page (tables of migration 093). */

export const undispatched = (db: Db, limit: number) =>
  db.selectFrom('notify_outbox').selectAll().where('dispatched', '=', 'N').orderBy('created_at').limit(limit).execute();

/** The recipients' addresses (e-mail, mobile) and choices. */
export const recipients = (db: Db, userCodes: string[]) =>
  db
    .selectFrom('sys_user')
    .leftJoin('notify_person', 'notify_person.user_code', 'sys_user.user_code')
    .select([
      'sys_user.user_code',
      'sys_user.user_name',
      'sys_user.email',
      'sys_user.mobile',
      'sys_user.mobile_sealed',
      'sys_user.status',
      'notify_person.quiet_from',
      'notify_person.quiet_to',
      'notify_person.digest_at',
    ])
    .where('sys_user.user_code', 'in', userCodes)
    .execute();

export const channelSettings = (db: Db) => db.selectFrom('notify_channel').selectAll().execute();

/**
 * Writes an outbox row's deliveries and marks it dispatched, in one transaction. Two workers doing it at once:
 * the conditional update lets one through; the other's transaction writes nothing.
 */
export async function dispatchRow(db: Db, outboxId: string, rows: NotifyDeliveryTable[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('notify_outbox')
      .set({ dispatched: 'Y' })
      .where('id', '=', outboxId)
      .where('dispatched', '=', 'N')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    if (rows.length) await trx.insertInto('notify_delivery').values(rows).execute();
    return true;
  });
}

/** Deliveries due now: pending ones whose time came, and claimed ones whose lease ran out (their worker died). */
export const dueDeliveries = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('notify_delivery')
    .select(['id', 'user_code', 'channel', 'digest'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('next_at')
    .limit(limit)
    .execute();

/**
 * Claims one delivery for `owner` until `leaseUntil`: a conditional UPDATE that only one worker can win (the same
 * condition as `dueDeliveries`, re-checked in the statement). Answers the claimed row, or undefined.
 */
export async function claim(db: Db, id: string, owner: string, now: string, leaseUntil: string) {
  const r = await db
    .updateTable('notify_delivery')
    .set((eb) => ({ status: 'sending', lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('notify_delivery')
    .innerJoin('notify_outbox', 'notify_outbox.id', 'notify_delivery.outbox_id')
    .select([
      'notify_delivery.id',
      'notify_delivery.channel',
      'notify_delivery.address',
      'notify_delivery.attempts',
      'notify_delivery.user_code',
      'notify_outbox.kind',
      'notify_outbox.title',
      'notify_outbox.content',
      'notify_outbox.link',
    ])
    .where('notify_delivery.id', '=', id)
    .where('notify_delivery.lease_owner', '=', owner)
    .executeTakeFirst();
}

/** Records the attempt and the delivery's new state, only while `owner` still holds it. */
export const settle = (db: Db, id: string, owner: string, at: string, outcome: Outcome): Promise<void> =>
  settleDeliveries(db, [id], owner, at, outcome);

/** Marks old undispatched rows dispatched without deliveries (no worker ran while they were fresh). */
export async function expireOld(db: Db, before: string): Promise<void> {
  await db.updateTable('notify_outbox').set({ dispatched: 'Y' }).where('dispatched', '=', 'N').where('created_at', '<', before).execute();
}

/** The outbox's figures for monitoring (issue 39's metrics): waiting, retrying, given up, sent in the last hour. */
export async function figures(db: Db, hourAgo: string) {
  const [waiting, byStatus, sent] = await Promise.all([
    db
      .selectFrom('notify_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('dispatched', '=', 'N')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('notify_delivery')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.case().when('attempts', '>', 0).then('retrying').else('pending').end().as('kind'),
        'status',
      ])
      .where('status', 'in', ['pending', 'sending', 'failed'])
      .groupBy(['status', 'kind'])
      .execute(),
    db
      .selectFrom('notify_delivery')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .where('sent_at', '>=', hourAgo)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    waiting: Number(waiting.n),
    byStatus: byStatus.map((r) => ({ status: r.status, kind: r.kind, n: Number(r.n) })),
    sent: Number(sent.n),
  };
}
