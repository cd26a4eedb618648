import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * An invitee who checked in attended: rows checked in before the check-in wrote the answer too (they showed 未回复,
 * or 不参加 with a reason) are answered 参加, at their check-in time when they had not answered.
 */
export const m092CheckedInAttends: OaMigration = {
  name: '092-checked-in-attends',
  async up(db: Kysely<any>) {
    await db
      .updateTable('meeting_invitee')
      .set((eb) => ({ response: 'accepted', decline_reason: null, responded_at: eb.fn.coalesce('responded_at', 'checkin_at') }))
      .where('checkin_at', 'is not', null)
      .where('response', '<>', 'accepted')
      .execute();
  },
};
