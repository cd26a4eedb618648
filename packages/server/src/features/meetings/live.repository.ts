import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { MeetingLiveTable } from '../../db/schema/meetings';
import { containsPattern } from '../../db/like';

/** SQL of live meetings. */
export type LiveRow = Selectable<MeetingLiveTable>;

export async function listLive(
  db: Db,
  q: { isClose?: 'O' | 'C'; status?: LiveRow['status']; keyword?: string; replay?: boolean; offset: number; limit: number },
): Promise<{ rows: LiveRow[]; total: number }> {
  let s = db.selectFrom('meeting_live');
  if (q.isClose) s = s.where('is_close', '=', q.isClose);
  if (q.status) s = s.where('status', '=', q.status);
  if (q.replay) s = s.where('status', '=', 'ended').where('replay_url', 'is not', null).where('replay_url', '!=', '');
  if (q.keyword) s = s.where('meeting_topic', 'like', containsPattern(q.keyword));
  const [t, rows] = await Promise.all([
    s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    s.selectAll().orderBy('start_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(t.n) };
}

export async function getLive(db: Db, by: { id?: number; infoCode?: string }): Promise<LiveRow | undefined> {
  let s = db.selectFrom('meeting_live').selectAll();
  s = by.id !== undefined ? s.where('id', '=', by.id) : s.where('info_code', '=', by.infoCode ?? '');
  const r = await s.executeTakeFirst();
  return r ? { ...r, id: Number(r.id) } : undefined;
}

export async function insertLive(db: Db, v: Insertable<MeetingLiveTable>): Promise<number> {
  const r = await db.insertInto('meeting_live').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Conditional on the status it was read in, so two maintainers' changes cannot cross. */
export async function updateLive(
  db: Db,
  id: number,
  v: Updateable<MeetingLiveTable>,
  fromStatuses: readonly LiveRow['status'][],
): Promise<boolean> {
  const r = await db.updateTable('meeting_live').set(v).where('id', '=', id).where('status', 'in', fromStatuses).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteLive(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('meeting_live').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
