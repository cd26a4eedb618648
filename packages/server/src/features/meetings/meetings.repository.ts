import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/count-capped';
import type { MeetingInviteeTable, MeetingRoomTable, MeetingTable } from '../../db/schema/meetings';
import { containsPattern } from '../../db/like';

/** SQL of meeting rooms and bookings. */
export type RoomRow = Selectable<MeetingRoomTable> & { approver_name: string | null };
export type MeetingRow = Selectable<MeetingTable> & {
  room_name: string;
  organizer_name: string;
  host_name: string | null;
  dept_name: string | null;
};
type InviteeRow = Selectable<MeetingInviteeTable> & { user_name: string; dept_name: string | null };

/** Longest meeting: bounds every time-window scan (start_at > from − MAX) so it stays an index range. */
export const MAX_MEETING_MS = 24 * 3600_000;
const before = (iso: string) => new Date(Date.parse(iso) - MAX_MEETING_MS).toISOString();
const BLOCKING = ['pending', 'approved'] as const;

// ---- rooms ----------------------------------------------------------------------------------------

const rooms = (db: Db) =>
  db
    .selectFrom('meeting_room as r')
    .leftJoin('sys_user as a', 'a.user_code', 'r.approver')
    .selectAll('r')
    .select('a.user_name as approver_name')
    .where('r.deleted', '=', 'N');

export async function listRooms(db: Db, q: { available?: 'Y' | 'N'; keyword?: string } = {}): Promise<RoomRow[]> {
  let s = rooms(db);
  if (q.available) s = s.where('r.available', '=', q.available);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    s = s.where((eb) => eb.or([eb('r.name', 'like', like), eb('r.building', 'like', like)]));
  }
  return s.orderBy('r.sort_no').orderBy('r.id').execute();
}

export async function getRoom(db: Db, id: number): Promise<RoomRow | undefined> {
  return rooms(db).where('r.id', '=', id).executeTakeFirst();
}

export async function insertRoom(db: Db, v: Insertable<MeetingRoomTable>): Promise<number> {
  const row = await db.insertInto('meeting_room').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRoom(db: Db, id: number, v: Updateable<MeetingRoomTable>): Promise<boolean> {
  const r = await db.updateTable('meeting_room').set(v).where('id', '=', id).where('deleted', '=', 'N').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Takes the room's row lock for the rest of the transaction (PostgreSQL: the UPDATE's row lock makes a
 * second booking of the room wait until this one commits; SQLite serialises write transactions anyway).
 */
export async function lockRoom(trx: Db, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('meeting_room')
    .set((eb) => ({ lock_ver: eb('lock_ver', '+', 1) }))
    .where('id', '=', id)
    .where('deleted', '=', 'N')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function userExists(db: Db, userCodes: string[]): Promise<string[]> {
  if (userCodes.length === 0) return [];
  const rows = await db.selectFrom('sys_user').select('user_code').where('user_code', 'in', userCodes).where('status', '=', 'Y').execute();
  return rows.map((r) => r.user_code);
}

export async function usersOfDepts(db: Db, deptCodes: string[]): Promise<string[]> {
  if (deptCodes.length === 0) return [];
  const rows = await db.selectFrom('sys_user').select('user_code').where('dept_code', 'in', deptCodes).where('status', '=', 'Y').execute();
  return rows.map((r) => r.user_code);
}

export async function deptNames(db: Db, deptCodes: string[]): Promise<Array<{ dept_code: string; dept_name: string }>> {
  if (deptCodes.length === 0) return [];
  return db.selectFrom('org_dept').select(['dept_code', 'dept_name']).where('dept_code', 'in', deptCodes).execute();
}

/** Private files of this owner among the ids (a booking may attach only its organiser's own uploads or internal ones). */
export async function attachableFiles(db: Db, ids: string[], owner: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_file')
    .select('id')
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('scope', '=', 'internal'), eb('owner', '=', owner)]))
    .execute();
  return rows.map((r) => r.id);
}

// ---- meetings -------------------------------------------------------------------------------------

const meetings = (db: Db) =>
  db
    .selectFrom('meeting as m')
    .innerJoin('meeting_room as r', 'r.id', 'm.room_id')
    .leftJoin('sys_user as o', 'o.user_code', 'm.organizer')
    .leftJoin('sys_user as h', 'h.user_code', 'm.host')
    .leftJoin('org_dept as d', 'd.dept_code', 'm.dept_code')
    .selectAll('m')
    .select(['r.name as room_name', 'o.user_name as organizer_name', 'h.user_name as host_name', 'd.dept_name as dept_name']);

const fix = (r: unknown) => {
  const row = r as MeetingRow;
  return {
    ...row,
    id: Number(row.id),
    series_id: Number(row.series_id),
    room_id: Number(row.room_id),
    organizer_name: row.organizer_name ?? row.organizer,
  } as MeetingRow;
};

/** Bookings of a room that overlap [start, end) and occupy it (pending or approved). */
export async function clashes(db: Db, roomId: number, start: string, end: string, excludeIds: number[] = []): Promise<MeetingRow[]> {
  let s = meetings(db)
    .where('m.room_id', '=', roomId)
    .where('m.start_at', '>', before(start))
    .where('m.start_at', '<', end)
    .where('m.end_at', '>', start)
    .where('m.status', 'in', BLOCKING);
  if (excludeIds.length) s = s.where('m.id', 'not in', excludeIds);
  return (await s.orderBy('m.start_at').limit(20).execute()).map(fix);
}

/** Every occupying booking overlapping [start, end) across rooms (free-room lookup). */
export async function busyInWindow(db: Db, start: string, end: string, excludeId?: number): Promise<MeetingRow[]> {
  let s = meetings(db)
    .where('m.start_at', '>', before(start))
    .where('m.start_at', '<', end)
    .where('m.end_at', '>', start)
    .where('m.status', 'in', BLOCKING);
  if (excludeId) s = s.where('m.id', '!=', excludeId);
  return (await s.execute()).map(fix);
}

export async function insertMeeting(trx: Db, v: Insertable<MeetingTable>): Promise<number> {
  const row = await trx.insertInto('meeting').values(v).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setSeries(trx: Db, ids: number[], seriesId: number): Promise<void> {
  if (ids.length) await trx.updateTable('meeting').set({ series_id: seriesId }).where('id', 'in', ids).execute();
}

export async function updateMeeting(
  trx: Db,
  id: number,
  v: Updateable<MeetingTable>,
  fromStatuses: readonly MeetingTable['status'][],
): Promise<boolean> {
  const r = await trx.updateTable('meeting').set(v).where('id', '=', id).where('status', 'in', fromStatuses).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Occurrences of a series from `fromStart` on that are still in one of the statuses → the new status. */
export async function setSeriesStatus(
  trx: Db,
  seriesId: number,
  from: readonly MeetingTable['status'][],
  to: MeetingTable['status'],
  extra: Updateable<MeetingTable> = {},
  fromStart?: string,
): Promise<number[]> {
  let s = trx.selectFrom('meeting').select('id').where('series_id', '=', seriesId).where('status', 'in', from);
  if (fromStart) s = s.where('start_at', '>=', fromStart);
  const ids = (await s.execute()).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const r = await trx
    .updateTable('meeting')
    .set({ ...extra, status: to })
    .where('id', 'in', ids)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0 ? ids : [];
}

export async function countInSeries(db: Db, seriesId: number, statuses: readonly MeetingTable['status'][]): Promise<number> {
  const r = await db
    .selectFrom('meeting')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_id', '=', seriesId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function getMeeting(db: Db, id: number): Promise<MeetingRow | undefined> {
  const r = await meetings(db).where('m.id', '=', id).executeTakeFirst();
  return r ? fix(r) : undefined;
}

export async function seriesCount(db: Db, seriesId: number): Promise<number> {
  const r = await db
    .selectFrom('meeting')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('series_id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

interface ListFilter {
  view: 'mine' | 'all' | 'calendar';
  userCode: string;
  from?: string;
  to?: string;
  roomId?: number;
  status?: MeetingTable['status'];
  keyword?: string;
  offset: number;
  limit: number;
}

export async function listMeetings(db: Db, f: ListFilter): Promise<{ rows: MeetingRow[]; total: number; totalCapped: boolean }> {
  let s = meetings(db);
  if (f.from) s = s.where('m.start_at', '>', before(f.from)).where('m.end_at', '>', f.from);
  if (f.to) s = s.where('m.start_at', '<', f.to);
  if (f.roomId) s = s.where('m.room_id', '=', f.roomId);
  if (f.status) s = s.where('m.status', '=', f.status);
  else if (f.view === 'calendar') s = s.where('m.status', 'in', BLOCKING);
  if (f.keyword) s = s.where('m.title', 'like', containsPattern(f.keyword));
  if (f.view === 'mine') {
    // organiser and host are on the invitee list too; the union of two index lookups, never a scan
    s = s.where('m.id', 'in', (eb) =>
      eb
        .selectFrom('meeting_invitee')
        .select('meeting_id as id')
        .where('user_code', '=', f.userCode)
        .union(eb.selectFrom('meeting').select('id').where('organizer', '=', f.userCode)),
    );
  }
  // counted up to 10,000 ("10,000+"): the manager's every-meeting view never counts the whole table
  const [counted, rows] = await Promise.all([
    // in start order: the count reads idx_meeting_start (or the filter's index) up to the cap, not the table
    countCapped(db, s.clearSelect().orderBy('m.start_at')),
    s
      .orderBy('m.start_at', f.view === 'mine' && !f.from ? 'desc' : 'asc')
      .orderBy('m.id')
      .offset(f.offset)
      .limit(f.limit)
      .execute(),
  ]);
  return { rows: rows.map(fix), ...counted };
}

export async function responsesOf(db: Db, meetingIds: number[], userCode: string): Promise<Map<number, MeetingInviteeTable['response']>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('meeting_invitee')
    .select(['meeting_id', 'response'])
    .where('user_code', '=', userCode)
    .where('meeting_id', 'in', meetingIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.meeting_id), r.response]));
}

// ---- invitees, check-in, materials ----------------------------------------------------------------

export async function invitees(db: Db, meetingId: number): Promise<InviteeRow[]> {
  const rows = await db
    .selectFrom('meeting_invitee as i')
    .innerJoin('sys_user as u', 'u.user_code', 'i.user_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .selectAll('i')
    .select(['u.user_name', 'd.dept_name'])
    .where('i.meeting_id', '=', meetingId)
    .orderBy('u.sort_no')
    .execute();
  return rows.map((r) => ({ ...r, meeting_id: Number(r.meeting_id) }));
}

export async function invitee(db: Db, meetingId: number, userCode: string) {
  return db
    .selectFrom('meeting_invitee')
    .selectAll()
    .where('meeting_id', '=', meetingId)
    .where('user_code', '=', userCode)
    .executeTakeFirst();
}

export async function replaceInvitees(trx: Db, meetingId: number, userCodes: string[]): Promise<void> {
  const keep = await trx.selectFrom('meeting_invitee').select('user_code').where('meeting_id', '=', meetingId).execute();
  const had = new Set(keep.map((r) => r.user_code));
  const want = new Set(userCodes);
  const gone = [...had].filter((u) => !want.has(u));
  if (gone.length) await trx.deleteFrom('meeting_invitee').where('meeting_id', '=', meetingId).where('user_code', 'in', gone).execute();
  const add = [...want].filter((u) => !had.has(u)).map((user_code) => ({ meeting_id: meetingId, user_code, response: 'pending' as const }));
  for (let i = 0; i < add.length; i += 200)
    await trx
      .insertInto('meeting_invitee')
      .values(add.slice(i, i + 200))
      .execute();
}

export async function respond(
  db: Db,
  meetingId: number,
  userCode: string,
  response: 'accepted' | 'declined',
  reason: string | null,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('meeting_invitee')
    .set({ response, decline_reason: response === 'declined' ? reason : null, responded_at: at })
    .where('meeting_id', '=', meetingId)
    .where('user_code', '=', userCode)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Checks a person in once; counts the meeting's check-ins in the same transaction. Checking in is attending: the
 * answer becomes 参加 (whatever it was), answered now unless it was answered before.
 */
export async function checkin(trx: Db, meetingId: number, userCode: string, by: string, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('meeting_invitee')
    .set((eb) => ({
      checkin_at: at,
      checkin_by: by,
      response: 'accepted',
      decline_reason: null,
      responded_at: eb.fn.coalesce('responded_at', eb.val(at)),
    }))
    .where('meeting_id', '=', meetingId)
    .where('user_code', '=', userCode)
    .where('checkin_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('meeting')
    .set((eb) => ({ checked_in: eb('checked_in', '+', 1) }))
    .where('id', '=', meetingId)
    .execute();
  return true;
}

export async function addInvitee(trx: Db, meetingId: number, userCode: string): Promise<void> {
  const has = await invitee(trx, meetingId, userCode);
  if (!has) await trx.insertInto('meeting_invitee').values({ meeting_id: meetingId, user_code: userCode, response: 'accepted' }).execute();
}

export async function replaceFiles(trx: Db, meetingId: number, fileIds: string[]): Promise<void> {
  await trx.deleteFrom('meeting_file').where('meeting_id', '=', meetingId).execute();
  if (fileIds.length)
    await trx
      .insertInto('meeting_file')
      .values([...new Set(fileIds)].map((file_id) => ({ meeting_id: meetingId, file_id })))
      .execute();
}

export async function meetingsWithFile(db: Db, fileId: string): Promise<number[]> {
  const rows = await db.selectFrom('meeting_file').select('meeting_id').where('file_id', '=', fileId).limit(50).execute();
  return rows.map((r) => Number(r.meeting_id));
}

/** Approved bookings still running that started at least `releaseMs` ago with nobody checked in → released. */
export async function releaseNoShows(db: Db, now: string, releaseMs: number): Promise<number> {
  const cutoff = new Date(Date.parse(now) - releaseMs).toISOString();
  // a read first (the usual answer is none), so a reader takes no write lock
  const due = await db
    .selectFrom('meeting')
    .select('id')
    .where('start_at', '>', before(now))
    .where('start_at', '<=', cutoff)
    .where('status', '=', 'approved')
    .where('checked_in', '=', 0)
    .where('end_at', '>', now)
    .limit(500)
    .execute();
  if (due.length === 0) return 0;
  const r = await db
    .updateTable('meeting')
    .set({ status: 'released', updated_at: now })
    .where(
      'id',
      'in',
      due.map((d) => Number(d.id)),
    )
    .where('status', '=', 'approved')
    .where('checked_in', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- statistics -----------------------------------------------------------------------------------

export async function usage(
  db: Db,
  from: string,
  to: string,
): Promise<
  Array<{ room_id: number; room_name: string; dept_code: string | null; dept_name: string | null; start_at: string; end_at: string }>
> {
  const rows = await db
    .selectFrom('meeting as m')
    .innerJoin('meeting_room as r', 'r.id', 'm.room_id')
    .leftJoin('org_dept as d', 'd.dept_code', 'm.dept_code')
    .select(['m.room_id', 'r.name as room_name', 'm.dept_code', 'd.dept_name', 'm.start_at', 'm.end_at'])
    .where('m.start_at', '>=', from)
    .where('m.start_at', '<', to)
    .where('m.status', 'in', ['approved', 'pending'])
    .execute();
  return rows.map((r) => ({ ...r, room_id: Number(r.room_id) }));
}
