import type { Resolution } from '@oa/shared/contract/meetings';
import type { AppContext } from '../../core/context';
import { bizError, forbidden } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './meetings.repository';
import { CHECKIN_EARLY_MS, readable } from './meetings-query.service';
import { releaseNoShows, type Actor } from './meetings.service';

/** An invitee accepts or declines (until the meeting ends). */
export async function respond(ctx: AppContext, actor: Actor, b: { id: number; response: 'accepted' | 'declined'; reason?: string | null }) {
  const { meeting: m } = await readable(ctx, actor, b.id);
  if (m.status !== 'approved' && m.status !== 'pending') throw bizError('会议已取消，无需回复');
  if (Date.parse(m.end_at) <= Date.now()) throw bizError('会议已结束，无需回复');
  if (b.response === 'declined' && !b.reason?.trim()) throw bizError('请填写不参加的原因');
  if (!(await repo.respond(ctx.db, m.id, actor.userCode, b.response, b.reason ?? null, nowIso())))
    throw bizError('您不在本次会议的参会名单中');
}

function checkinWindow(m: repo.MeetingRow) {
  if (m.status === 'released') throw bizError('会议开始后无人签到，会议室已释放');
  if (m.status !== 'approved') throw bizError(m.status === 'pending' ? '会议尚未审批通过，不能签到' : '会议已取消，不能签到');
  const now = Date.now();
  if (now < Date.parse(m.start_at) - CHECKIN_EARLY_MS) throw bizError('签到将在会议开始前30分钟开放');
  if (now >= Date.parse(m.end_at)) throw bizError('会议已结束，不能签到');
}

/** The person who opened the meeting's QR link checks in (only those on the list). */
export async function checkin(ctx: AppContext, actor: Actor, id: number): Promise<{ already: boolean; at: string }> {
  await releaseNoShows(ctx);
  const { meeting: m } = await readable(ctx, actor, id);
  checkinWindow(m);
  const me = await repo.invitee(ctx.db, id, actor.userCode);
  if (!me) throw bizError('您不在本次会议的参会名单中，请联系会议组织者');
  if (me.checkin_at) return { already: true, at: me.checkin_at };
  const at = nowIso();
  const done = await ctx.db.transaction().execute((trx) => repo.checkin(trx, id, actor.userCode, actor.userCode, at));
  return done ? { already: false, at } : { already: true, at };
}

/** The host (organiser, manager) checks someone in by hand; a walk-in is added to the list. */
export async function checkinBy(ctx: AppContext, actor: Actor, b: { id: number; userCode: string }) {
  await releaseNoShows(ctx);
  const a = await readable(ctx, actor, b.id);
  if (!a.organizer && !a.host && !a.manager) throw forbidden('只有会议组织者或主持人可以代为签到');
  checkinWindow(a.meeting);
  if ((await repo.userExists(ctx.db, [b.userCode])).length === 0) throw bizError('人员不存在或已停用');
  const at = nowIso();
  const done = await ctx.db.transaction().execute(async (trx) => {
    await repo.addInvitee(trx, b.id, b.userCode);
    return repo.checkin(trx, b.id, b.userCode, actor.userCode, at);
  });
  if (!done) throw bizError('该人员已签到');
}

/** Minutes and resolutions, after the meeting has started, by its organiser, host or a manager. */
export async function saveMinutes(ctx: AppContext, actor: Actor, b: { id: number; minutes: string; resolutions: Resolution[] }) {
  const a = await readable(ctx, actor, b.id);
  if (!a.organizer && !a.host && !a.manager) throw forbidden('只有会议组织者或主持人可以记录会议纪要');
  const m = a.meeting;
  if (m.status !== 'approved' && m.status !== 'released') throw bizError('会议未举行，不能记录纪要');
  if (Date.parse(m.start_at) - CHECKIN_EARLY_MS > Date.now()) throw bizError('会议开始前30分钟起才能记录纪要');
  const ok = await repo.updateMeeting(
    ctx.db,
    m.id,
    {
      minutes: b.minutes,
      resolutions: JSON.stringify(b.resolutions),
      minutes_by: actor.userCode,
      minutes_at: nowIso(),
      updated_at: nowIso(),
    },
    ['approved', 'released'],
  );
  if (!ok) throw bizError('会议状态已变化，请刷新后重试');
}
