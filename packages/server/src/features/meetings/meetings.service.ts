import { chinaDateTime } from '@oa/shared/format/china-time';
import type { Clash, MeetingInsert, MeetingUpdate, MeetingStatus } from '@oa/shared/contract/meetings';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import type { Db } from '../../db/database';
import { AppError, badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './meetings.repository';
import { notPast, occurrences, slot } from './meetings.time';
import { tellMeeting } from './meeting-notices';
import { inviteeCodes } from './meeting-notices.repository';

/** Who is acting (built by the routes from the session). */
export interface Actor {
  userCode: string;
  userName: string;
  deptCode: string | null;
  can(permission: string): Promise<boolean>;
}

export const MODULE_CODE = 'oa_meeting';
export const MANAGE = 'oa_meeting:manage';

/** Minutes after the start after which a booking nobody checked in to is released (OA_MEETING_RELEASE_MIN, default 15). */
export function releaseMinutes(): number {
  const n = Number(process.env.OA_MEETING_RELEASE_MIN ?? 15);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 15;
}

/**
 * The no-show release is evaluated lazily, right before anything that depends on it (free-room lookup,
 * booking, calendars, check-in): one indexed UPDATE over the last day's bookings. No timer runs, so it
 * is the same on every instance and needs no coordination; a room is free the moment someone asks.
 */
export async function releaseNoShows(ctx: AppContext, now = nowIso()): Promise<number> {
  return repo.releaseNoShows(ctx.db, now, releaseMinutes() * 60_000);
}

const clashOf = (occ: { start: string; end: string }, m: repo.MeetingRow): Clash => ({
  startTime: occ.start,
  endTime: occ.end,
  meetingId: m.id,
  title: m.title,
  roomName: m.room_name,
});
const clashMessage = (c: Clash[], m: repo.MeetingRow[]) => {
  const first = m[0];
  const more = c.length > 1 ? `等 ${c.length} 个时段` : '';
  return `会议室已被占用：与「${first.title}」（${first.room_name}，${chinaDateTime(first.start_at)}–${chinaDateTime(first.end_at).slice(11)}，${first.organizer_name}）冲突${more}`;
};

interface Checked {
  room: repo.RoomRow;
  slots: Array<{ start: string; end: string }>;
  invitees: string[];
  depts: string[];
  materials: MeetingInsert['materials'];
}

/** Validates what a booking refers to (room, people, departments, files); 400 naming the field. */
async function check(
  ctx: AppContext,
  actor: Actor,
  b: MeetingInsert | MeetingUpdate,
  freq: 'none' | 'daily' | 'weekly' | 'monthly',
  until?: string | null,
): Promise<Checked> {
  const first = slot(b.startTime, b.endTime);
  notPast(first.start);
  const room = await repo.getRoom(ctx.db, b.roomId);
  if (!room) throw badRequest('会议室不存在', 'roomId');
  if (room.available !== 'Y') throw bizError(`会议室「${room.name}」暂停使用`);
  if (b.attendeeCount && b.attendeeCount > room.capacity)
    throw bizError(`参会人数（${b.attendeeCount}）超过会议室「${room.name}」的容纳人数（${room.capacity}）`);
  const people = [...new Set([...b.invitees, ...(b.host ? [b.host] : [])])];
  const known = new Set(await repo.userExists(ctx.db, people));
  const unknown = people.find((u) => !known.has(u));
  if (unknown) throw badRequest(`人员 ${unknown} 不存在或已停用`, unknown === b.host ? 'host' : 'invitees');
  const depts = [...new Set(b.inviteDepts)];
  const names = await repo.deptNames(ctx.db, depts);
  if (names.length !== depts.length) throw badRequest('参会部门不存在', 'inviteDepts');
  const ids = b.materials.map((f) => f.fileId);
  const ok = new Set(await repo.attachableFiles(ctx.db, ids, actor.userCode));
  if (ids.some((id) => !ok.has(id))) throw badRequest('会议材料不存在或不是您上传的文件', 'materials');
  const deptUsers = await repo.usersOfDepts(ctx.db, depts);
  return { room, slots: occurrences(first, freq, until), invitees: [...new Set([...people, ...deptUsers])], depts, materials: b.materials };
}

const row = (b: MeetingInsert | MeetingUpdate, c: Checked) => ({
  title: b.title,
  meeting_type: b.meetingType,
  room_id: c.room.id,
  host: b.host || null,
  attendee_count: b.attendeeCount ?? null,
  invite_depts: JSON.stringify(c.depts),
  materials: JSON.stringify(c.materials),
  content: b.content || null,
  remark: b.remark || null,
});

async function startApproval(
  ctx: AppContext,
  trx: Db,
  actor: Actor,
  seriesId: number,
  b: MeetingInsert | MeetingUpdate,
  c: Checked,
  count: number,
): Promise<MeetingStatus> {
  const r = await ctx.workflow.start(trx, {
    moduleCode: MODULE_CODE,
    recordId: String(seriesId),
    serialNo: `HY${String(seriesId).padStart(6, '0')}`,
    title: `${actor.userName}的会议室预订：${b.title}`,
    initiator: actor.userCode,
    deptCode: actor.deptCode,
    form: {
      title: b.title,
      meetingType: b.meetingType,
      roomName: c.room.name,
      startTime: chinaDateTime(c.slots[0].start),
      endTime: chinaDateTime(c.slots[0].end),
      occurrences: count,
      attendeeCount: b.attendeeCount ?? 0,
      approver: c.room.approver,
    },
  });
  if (r.outcome === 'approved') {
    await repo.setSeriesStatus(trx, seriesId, ['pending'], 'approved');
    return 'approved';
  }
  if (r.outcome !== 'running') {
    await repo.setSeriesStatus(trx, seriesId, ['pending'], 'rejected');
    return 'rejected';
  }
  return 'pending';
}

/** Books a room (once or as a series); every occurrence is checked under the room's lock. */
export async function insert(ctx: AppContext, actor: Actor, b: MeetingInsert) {
  const c = await check(ctx, actor, b, b.recurrence.freq, b.recurrence.until);
  const at = nowIso();
  await releaseNoShows(ctx, at);
  const status: MeetingStatus = c.room.need_approval === 'Y' ? 'pending' : 'approved';
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRoom(trx, c.room.id))) throw badRequest('会议室不存在', 'roomId');
    const free: typeof c.slots = [];
    const skipped: Clash[] = [];
    const hits: repo.MeetingRow[] = [];
    for (const occ of c.slots) {
      const found = await repo.clashes(trx, c.room.id, occ.start, occ.end);
      if (found.length) {
        skipped.push(clashOf(occ, found[0]));
        hits.push(found[0]);
      } else free.push(occ);
    }
    if (skipped.length && (!b.skipClashes || free.length === 0)) throw bizError(clashMessage(skipped, hits), 1, { clashes: skipped });
    const recurrence = b.recurrence.freq === 'none' ? null : `${b.recurrence.freq}:${b.recurrence.until}`;
    const ids: number[] = [];
    for (const occ of free) {
      ids.push(
        await repo.insertMeeting(trx, {
          ...row(b, c),
          series_id: 0,
          recurrence,
          start_at: occ.start,
          end_at: occ.end,
          status,
          organizer: actor.userCode,
          dept_code: actor.deptCode,
          checked_in: 0,
          resolutions: '[]',
          created_at: at,
          updated_at: at,
        }),
      );
    }
    const seriesId = ids[0];
    await repo.setSeries(trx, ids, seriesId);
    for (const id of ids) {
      await repo.replaceInvitees(trx, id, [...new Set([actor.userCode, ...c.invitees])]);
      await repo.respond(trx, id, actor.userCode, 'accepted', null, at);
      await repo.replaceFiles(
        trx,
        id,
        c.materials.map((f) => f.fileId),
      );
    }
    const final = status === 'pending' ? await startApproval(ctx, trx, actor, seriesId, b, c, ids.length) : status;
    const told = { id: seriesId, title: b.title, startAt: free[0].start, roomName: c.room.name };
    await tellMeeting(trx, 'meeting_invite', c.invitees, told, actor, at);
    return { ids, seriesId, status: final, skipped };
  });
}

async function mine(ctx: AppContext, actor: Actor, id: number): Promise<repo.MeetingRow> {
  const m = await repo.getMeeting(ctx.db, id);
  if (!m) throw notFound('会议不存在');
  if (m.organizer !== actor.userCode && !(await actor.can(MANAGE))) throw forbidden('只能修改或取消自己预订的会议');
  return m;
}

/** Changes one booking (its organiser or a manager) before it starts; a changed slot is checked again. */
export async function update(ctx: AppContext, actor: Actor, b: MeetingUpdate) {
  const m = await mine(ctx, actor, b.id);
  if (m.status !== 'pending' && m.status !== 'approved') throw bizError(`会议${m.status === 'cancelled' ? '已取消' : '已结束'}，不能修改`);
  if (Date.parse(m.start_at) <= Date.now()) throw bizError('会议已开始，不能修改');
  const c = await check(ctx, actor, b, 'none');
  const moved = c.room.id !== m.room_id || c.slots[0].start !== m.start_at || c.slots[0].end !== m.end_at;
  const needsApproval = c.room.need_approval === 'Y' && moved && !(await actor.can(MANAGE));
  if (needsApproval && m.status === 'pending') throw bizError('审批中的会议不能更改会议室或时间，请取消后重新预订');
  const at = nowIso();
  await releaseNoShows(ctx, at);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRoom(trx, c.room.id))) throw badRequest('会议室不存在', 'roomId');
    const found = await repo.clashes(trx, c.room.id, c.slots[0].start, c.slots[0].end, [m.id]);
    if (found.length) throw bizError(clashMessage([clashOf(c.slots[0], found[0])], found), 1, { clashes: [clashOf(c.slots[0], found[0])] });
    const status: MeetingStatus = needsApproval ? 'pending' : m.status;
    const done = await repo.updateMeeting(
      trx,
      m.id,
      { ...row(b, c), start_at: c.slots[0].start, end_at: c.slots[0].end, status, updated_at: at },
      [m.status],
    );
    if (!done) throw bizError('会议状态已变化，请刷新后重试');
    const before = new Set(await inviteeCodes(trx, m.id));
    const after = [...new Set([m.organizer, ...c.invitees])];
    await repo.replaceInvitees(trx, m.id, after);
    const told = { id: m.id, title: b.title, startAt: c.slots[0].start, roomName: c.room.name };
    await tellMeeting(
      trx,
      'meeting_invite',
      after.filter((u) => !before.has(u)),
      told,
      actor,
      at,
    );
    await tellMeeting(
      trx,
      'meeting_change',
      after.filter((u) => before.has(u)),
      told,
      actor,
      at,
    );
    await tellMeeting(
      trx,
      'meeting_cancel',
      [...before].filter((u) => !after.includes(u)),
      { ...told, startAt: m.start_at },
      actor,
      at,
    );
    await repo.replaceFiles(
      trx,
      m.id,
      c.materials.map((f) => f.fileId),
    );
    // a moved booking of a room that needs approval is approved again (as its own single-meeting series)
    if (needsApproval) {
      await repo.setSeries(trx, [m.id], m.id);
      await startApproval(ctx, trx, actor, m.id, b, c, 1);
    }
    return { id: m.id, status };
  });
}

/** Cancels one occurrence, or it and the later ones of its series; a pending series' approval is withdrawn. */
export async function cancel(
  ctx: AppContext,
  actor: Actor,
  b: { id: number; scope: 'one' | 'series'; reason?: string | null },
  audit: AuditLast<{ ids: number[]; before: string }>,
) {
  const m = await mine(ctx, actor, b.id);
  if (m.status !== 'pending' && m.status !== 'approved') throw bizError('会议已取消或已结束，不能再取消');
  if (Date.parse(m.end_at) <= Date.now()) throw bizError('会议已结束，不能取消');
  const at = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const extra = { cancel_reason: b.reason || null, updated_at: at };
    let ids: number[];
    if (b.scope === 'series') ids = await repo.setSeriesStatus(trx, m.series_id, ['pending', 'approved'], 'cancelled', extra, m.start_at);
    else ids = (await repo.updateMeeting(trx, m.id, { ...extra, status: 'cancelled' }, [m.status])) ? [m.id] : [];
    if (ids.length === 0) throw bizError('会议状态已变化，请刷新后重试');
    const told = { id: m.id, title: m.title, startAt: m.start_at, roomName: m.room_name };
    await tellMeeting(trx, 'meeting_cancel', await inviteeCodes(trx, m.id), told, actor, at);
    if (m.status === 'pending' && (await repo.countInSeries(trx, m.series_id, ['pending'])) === 0 && ctx.workflow) {
      try {
        await ctx.workflow.withdraw(trx, { moduleCode: MODULE_CODE, recordId: String(m.series_id), userCode: m.organizer });
      } catch (e) {
        // an approver has already acted: the process runs on, and its outcome no longer touches cancelled rows
        if (!(e instanceof AppError)) throw e;
      }
    }
    await audit(trx, { ids, before: m.status });
    return { ids };
  });
}

/** The workflow's outcome for a series waiting for approval. */
export async function onOutcome(trx: Db, seriesId: number, outcome: string): Promise<void> {
  const to: MeetingStatus = outcome === 'approved' ? 'approved' : outcome === 'withdrawn' ? 'cancelled' : 'rejected';
  await repo.setSeriesStatus(trx, seriesId, ['pending'], to, {
    updated_at: nowIso(),
    cancel_reason: to === 'rejected' ? '审批未通过' : null,
  });
}

export async function formOf(db: Db, seriesId: number) {
  const m = await repo.getMeeting(db, seriesId);
  if (!m) return null;
  const room = await repo.getRoom(db, m.room_id);
  return {
    title: m.title,
    serialNo: `HY${String(seriesId).padStart(6, '0')}`,
    applicant: m.organizer,
    form: {
      title: m.title,
      meetingType: m.meeting_type,
      roomName: m.room_name,
      startTime: chinaDateTime(m.start_at),
      endTime: chinaDateTime(m.end_at),
      occurrences: await repo.seriesCount(db, seriesId),
      attendeeCount: m.attendee_count ?? 0,
      approver: room?.approver ?? null,
    },
  };
}
