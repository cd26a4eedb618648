import type { Paged } from '@oa/shared/contract/envelope';
import type {
  Arrangement,
  MeetingDetail,
  MeetingItem,
  MeetingListQuery,
  MeetingStatus,
  Resolution,
  RoomAvailability,
} from '@oa/shared/contract/meetings';
import type { AppContext } from '../../core/context';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './meetings.repository';
import { MANAGE, MODULE_CODE, releaseMinutes, releaseNoShows, type Actor } from './meetings.service';
import { rangeOf, slot } from './meetings.time';
import { roomDto } from './rooms.service';

/** Check-in opens this long before the start. */
export const CHECKIN_EARLY_MS = 30 * 60_000;

const json = <T>(s: string | null, fallback: T): T => {
  try {
    return s ? (JSON.parse(s) as T) : fallback;
  } catch {
    return fallback;
  }
};

const itemDto = (m: repo.MeetingRow, myResponse: MeetingItem['myResponse'] = null): MeetingItem => ({
  id: m.id,
  seriesId: m.series_id,
  title: m.title,
  meetingType: m.meeting_type,
  roomId: m.room_id,
  roomName: m.room_name,
  startTime: m.start_at,
  endTime: m.end_at,
  status: m.status as MeetingStatus,
  organizer: m.organizer,
  organizerName: m.organizer_name,
  deptCode: m.dept_code,
  deptName: m.dept_name,
  host: m.host,
  hostName: m.host_name,
  checkedIn: Number(m.checked_in),
  myResponse,
});

export async function list(ctx: AppContext, actor: Actor, q: MeetingListQuery): Promise<Paged<MeetingItem>> {
  if (q.view === 'all' && !(await actor.can(MANAGE))) throw forbidden('没有访问权限（需要功能权限：oa_meeting:manage）');
  if (q.from && q.to && Date.parse(q.to) <= Date.parse(q.from)) throw bizError('截止时间须晚于起始时间');
  await releaseNoShows(ctx);
  const { rows, total, totalCapped } = await repo.listMeetings(ctx.db, {
    view: q.view,
    userCode: actor.userCode,
    from: q.from && new Date(q.from).toISOString(),
    to: q.to && new Date(q.to).toISOString(),
    roomId: q.roomId,
    status: q.status,
    keyword: q.keyword,
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  const answers = await repo.responsesOf(
    ctx.db,
    rows.map((r) => r.id),
    actor.userCode,
  );
  return {
    list: rows.map((r) => itemDto(r, answers.get(r.id) ?? null)),
    total,
    totalCapped,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  };
}

/** Rooms for a time range: free ones (or all, with what holds the busy ones). */
export async function freeRooms(
  ctx: AppContext,
  q: { startTime: string; endTime: string; capacity?: number; excludeId?: number; all?: 'Y' | 'N' },
): Promise<RoomAvailability[]> {
  const s = slot(q.startTime, q.endTime);
  await releaseNoShows(ctx);
  const [rooms, busy] = await Promise.all([
    repo.listRooms(ctx.db, { available: 'Y' }),
    repo.busyInWindow(ctx.db, s.start, s.end, q.excludeId),
  ]);
  const byRoom = new Map<number, repo.MeetingRow[]>();
  for (const m of busy) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);
  return rooms
    .filter((r) => !q.capacity || r.capacity >= q.capacity)
    .map((r) => {
      const held = byRoom.get(Number(r.id)) ?? [];
      return {
        ...roomDto(r),
        free: held.length === 0,
        busyWith: held.map((m) => ({
          id: m.id,
          title: m.title,
          startTime: m.start_at,
          endTime: m.end_at,
          organizerName: m.organizer_name,
        })),
      };
    })
    .filter((r) => q.all === 'Y' || r.free);
}

interface Access {
  meeting: repo.MeetingRow;
  invited: boolean;
  organizer: boolean;
  host: boolean;
  manager: boolean;
}

/** Who may read a meeting: organiser, host, invitees, its approvers and meeting managers. */
export async function readable(ctx: AppContext, actor: Actor, id: number): Promise<Access> {
  const meeting = await repo.getMeeting(ctx.db, id);
  if (!meeting) throw notFound('会议不存在');
  const invited = !!(await repo.invitee(ctx.db, id, actor.userCode));
  const organizer = meeting.organizer === actor.userCode;
  const host = meeting.host === actor.userCode;
  const manager = await actor.can(MANAGE);
  if (invited || organizer || host || manager) return { meeting, invited, organizer, host, manager };
  if (
    ctx.workflow &&
    (await ctx.workflow.isParticipant(ctx.db, { moduleCode: MODULE_CODE, recordId: String(meeting.series_id), userCode: actor.userCode }))
  ) {
    return { meeting, invited, organizer, host, manager };
  }
  throw forbidden('您不是该会议的组织者、主持人或参会人，无权查看');
}

export async function get(ctx: AppContext, actor: Actor, id: number): Promise<MeetingDetail> {
  await releaseNoShows(ctx);
  const a = await readable(ctx, actor, id);
  const m = a.meeting;
  const [people, room, count, depts] = await Promise.all([
    repo.invitees(ctx.db, id),
    repo.getRoom(ctx.db, m.room_id),
    repo.seriesCount(ctx.db, m.series_id),
    repo.deptNames(ctx.db, json<string[]>(m.invite_depts, [])),
  ]);
  const now = Date.now();
  const live = m.status === 'approved' || m.status === 'pending';
  const notStarted = Date.parse(m.start_at) > now;
  const notEnded = Date.parse(m.end_at) > now;
  const mine = people.find((p) => p.user_code === actor.userCode);
  const runs = a.organizer || a.host || a.manager;
  return {
    ...itemDto(m, mine?.response ?? null),
    content: m.content,
    remark: m.remark,
    attendeeCount: m.attendee_count,
    inviteDepts: depts.map((d) => ({ deptCode: d.dept_code, deptName: d.dept_name })),
    invitees: people.map((p) => ({
      userCode: p.user_code,
      userName: p.user_name,
      deptName: p.dept_name,
      response: p.response,
      respondedAt: p.responded_at,
      declineReason: p.decline_reason,
      checkinAt: p.checkin_at,
      checkinBy: p.checkin_by,
    })),
    materials: json(m.materials, []),
    minutes: m.minutes,
    resolutions: json<Resolution[]>(m.resolutions, []),
    minutesBy: m.minutes_by,
    minutesAt: m.minutes_at,
    cancelReason: m.cancel_reason,
    room: room ? roomDto(room) : null,
    occurrences: count,
    recurrence: m.recurrence,
    releaseMinutes: releaseMinutes(),
    can: {
      edit: live && notStarted && (a.organizer || a.manager),
      cancel: live && notEnded && (a.organizer || a.manager),
      respond: live && notEnded && !!mine,
      checkin: m.status === 'approved' && !!mine && !mine.checkin_at && now >= Date.parse(m.start_at) - CHECKIN_EARLY_MS && notEnded,
      manageCheckin: m.status === 'approved' && runs && now >= Date.parse(m.start_at) - CHECKIN_EARLY_MS && notEnded,
      minutes: (m.status === 'approved' || m.status === 'released') && runs && now >= Date.parse(m.start_at) - CHECKIN_EARLY_MS,
    },
  };
}

/** The office's arrangement board (today / this week / this month) with usage by room and department. */
export async function arrangement(ctx: AppContext, q: { range: 'today' | 'week' | 'month'; date?: string }): Promise<Arrangement> {
  const { from, to } = rangeOf(q.range, q.date);
  await releaseNoShows(ctx, nowIso());
  const [{ rows }, use] = await Promise.all([
    repo.listMeetings(ctx.db, { view: 'calendar', userCode: '', from, to, offset: 0, limit: 2000 }),
    repo.usage(ctx.db, from, to),
  ]);
  const hours = (u: { start_at: string; end_at: string }) => (Date.parse(u.end_at) - Date.parse(u.start_at)) / 3600_000;
  const byRoom = new Map<number, { roomId: number; roomName: string; count: number; hours: number }>();
  const byDept = new Map<string, { deptCode: string | null; deptName: string; count: number; hours: number }>();
  for (const u of use) {
    const r = byRoom.get(u.room_id) ?? { roomId: u.room_id, roomName: u.room_name, count: 0, hours: 0 };
    r.count += 1;
    r.hours += hours(u);
    byRoom.set(u.room_id, r);
    const key = u.dept_code ?? '';
    const d = byDept.get(key) ?? { deptCode: u.dept_code, deptName: u.dept_name ?? '未分配部门', count: 0, hours: 0 };
    d.count += 1;
    d.hours += hours(u);
    byDept.set(key, d);
  }
  const round = <T extends { hours: number }>(x: T) => ({ ...x, hours: Math.round(x.hours * 10) / 10 });
  return {
    from,
    to,
    meetings: rows.map((r) => itemDto(r)),
    byRoom: [...byRoom.values()].map(round).sort((a, b) => b.hours - a.hours),
    byDept: [...byDept.values()].map(round).sort((a, b) => b.count - a.count),
  };
}
