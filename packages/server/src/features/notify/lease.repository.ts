import type { Db } from '../../db/database';

/** Extends the lease of a delivery while `token` still holds it; answers whether it does. */
export async function renewLease(db: Db, id: string, token: string, until: string): Promise<boolean> {
  const r = await db
    .updateTable('notify_delivery')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('lease_owner', '=', token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
