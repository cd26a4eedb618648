import type { Db } from '../../db/database';
import type { NotifyPushSubTable } from '../../db/schema/notify-push';

/** All SQL of Web Push subscriptions (migration 107). */

/** Stores a browser's subscription for `user_code`; the same browser under another account moves to this one. */
export async function upsertSub(db: Db, row: NotifyPushSubTable): Promise<void> {
  const { id: _id, ...rest } = row;
  await db
    .insertInto('notify_push_sub')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

/** Removes a person's own subscription; answers whether there was one. */
export async function deleteOwnSub(db: Db, id: string, userCode: string): Promise<boolean> {
  const r = await db.deleteFrom('notify_push_sub').where('id', '=', id).where('user_code', '=', userCode).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Removes a subscription the push service called gone (404/410). */
export async function deleteSub(db: Db, id: string): Promise<void> {
  await db.deleteFrom('notify_push_sub').where('id', '=', id).execute();
}

export const subById = (db: Db, id: string) =>
  db.selectFrom('notify_push_sub').select(['id', 'endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst();

/** The subscription ids of these people (the addresses of the Web Push channel), by the (user_code, id) index. */
export const subIdsOf = (db: Db, userCodes: readonly string[]) =>
  userCodes.length
    ? db
        .selectFrom('notify_push_sub')
        .select(['user_code', 'id'])
        .where('user_code', 'in', userCodes)
        .orderBy('user_code')
        .orderBy('id')
        .execute()
    : Promise.resolve([]);
