import type { Db } from '../../db/database';

/** The hand-over's SQL for meetings: meetings still to come (or under approval) that the person organises. */
const LIVE = ['pending', 'approved'] as const;

export const organisedBy = (db: Db, userCode: string, now: string, limit: number) =>
  db
    .selectFrom('meeting')
    .select(['id', 'title', 'start_at', 'status'])
    .where('organizer', '=', userCode)
    .where('status', 'in', LIVE)
    .where('end_at', '>', now)
    .orderBy('start_at')
    .limit(limit)
    .execute();

export async function moveOrganizer(trx: Db, from: string, to: string, now: string): Promise<number> {
  const r = await trx
    .updateTable('meeting')
    .set({ organizer: to, updated_at: now })
    .where('organizer', '=', from)
    .where('status', 'in', LIVE)
    .where('end_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
