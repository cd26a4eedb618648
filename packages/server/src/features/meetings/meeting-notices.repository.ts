import type { Db } from '../../db/database';

/** SQL of the meetings' messages (meeting-notices.ts). */

/** Approved meetings starting in (from, to], by the (start_at, status) index. */
export const startingBetween = (db: Db, from: string, to: string) =>
  db
    .selectFrom('meeting as m')
    .innerJoin('meeting_room as r', 'r.id', 'm.room_id')
    .select(['m.id', 'm.title', 'm.start_at', 'r.name as room_name'])
    .where('m.start_at', '>', from)
    .where('m.start_at', '<=', to)
    .where('m.status', '=', 'approved')
    .orderBy('m.start_at')
    .limit(500)
    .execute();

/** The invitees of a meeting who have not declined. */
export const attending = async (db: Db, meetingId: number): Promise<string[]> =>
  (
    await db
      .selectFrom('meeting_invitee')
      .select('user_code')
      .where('meeting_id', '=', meetingId)
      .where('response', '!=', 'declined')
      .execute()
  ).map((r) => r.user_code);

export const inviteeCodes = async (db: Db, meetingId: number): Promise<string[]> =>
  (await db.selectFrom('meeting_invitee').select('user_code').where('meeting_id', '=', meetingId).execute()).map((r) => r.user_code);
