import type { Db } from '../../db/database';

/** SQL of the daily digest: a person's held deliveries on one channel, claimed and settled together. */

/**
 * Claims every due digest delivery of a person on a channel for `owner` (the condition of `dueDeliveries`, re-checked
 * in the statement: two workers never both win a row), then answers the rows `owner` holds, oldest first.
 */
export async function claimDigest(db: Db, q: { userCode: string; channel: string; owner: string; now: string; leaseUntil: string }) {
  await db
    .updateTable('notify_delivery')
    .set((eb) => ({ status: 'sending', lease_owner: q.owner, lease_until: q.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('user_code', '=', q.userCode)
    .where('channel', '=', q.channel)
    .where('digest', '=', 'Y')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', q.now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', q.now)]),
      ]),
    )
    .execute();
  return db
    .selectFrom('notify_delivery')
    .innerJoin('notify_outbox', 'notify_outbox.id', 'notify_delivery.outbox_id')
    .select([
      'notify_delivery.id',
      'notify_delivery.address',
      'notify_delivery.attempts',
      'notify_outbox.title',
      'notify_outbox.content',
      'notify_outbox.link',
      'notify_outbox.created_at',
    ])
    .where('notify_delivery.user_code', '=', q.userCode)
    .where('notify_delivery.channel', '=', q.channel)
    .where('notify_delivery.status', '=', 'sending')
    .where('notify_delivery.lease_owner', '=', q.owner)
    .orderBy('notify_outbox.created_at')
    .execute();
}

/** A send's result: sent, to be retried at `nextAt`, or given up; `answer` is the far end's (or the error). */
export interface Outcome {
  status: 'sent' | 'pending' | 'failed';
  answer: string;
  nextAt?: string;
}

/**
 * Records one attempt for each delivery (one, or a digest's) and their new state, in one transaction, only while
 * `owner` still holds them.
 */
export async function settleDeliveries(db: Db, ids: string[], owner: string, at: string, outcome: Outcome): Promise<void> {
  const answer = outcome.answer.slice(0, 1000);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notify_delivery')
      .set({
        status: outcome.status,
        last_answer: answer,
        lease_owner: null,
        lease_until: null,
        ...(outcome.status === 'sent' ? { sent_at: at } : {}),
        ...(outcome.nextAt ? { next_at: outcome.nextAt } : {}),
      })
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .execute();
    await trx
      .insertInto('notify_attempt')
      .values(ids.map((id) => ({ delivery_id: id, at, ok: outcome.status === 'sent' ? ('Y' as const) : ('N' as const), answer })))
      .execute();
  });
}
