import { chinaDate } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import type { Paged } from '@oa/shared/contract/envelope';
import type { LiveBody, LiveMeeting, LiveStatus } from '@oa/shared/contract/meetings';
import type { AppContext } from '../../core/context';
import { inChange, type AuditLast } from '../../core/audit';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import * as repo from './live.repository';

/** The internal host the viewer probes for 1.5 s (spec §4); OA_LIVE_PROBE_URL, e.g. http://10.0.0.8/probe.png. */
const probeUrl = (): string | null => process.env.OA_LIVE_PROBE_URL || null;

const dto = (r: repo.LiveRow): LiveMeeting => ({
  id: r.id,
  infoCode: r.info_code,
  meetingTopic: r.meeting_topic,
  status: r.status,
  isClose: r.is_close,
  startTime: r.start_at,
  endTime: r.end_at,
  innerUrl: r.inner_url,
  outerUrl: r.outer_url,
  replayUrl: r.replay_url,
  speaker: r.speaker,
  remark: r.remark,
  createdBy: r.created_by,
  createdAt: r.created_at,
  probeUrl: probeUrl(),
});

export async function list(
  ctx: AppContext,
  q: { pageNumber: number; pageSize: number; isClose?: 'O' | 'C'; status?: LiveStatus; keyword?: string; replay?: 'Y' | 'N' },
): Promise<Paged<LiveMeeting>> {
  const { rows, total } = await repo.listLive(ctx.db, {
    ...q,
    replay: q.replay === 'Y',
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map(dto), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function get(ctx: AppContext, by: { id?: number; infoCode?: string }): Promise<LiveMeeting> {
  return read(ctx.db, by);
}

/** The live meeting as `db` sees it (a transaction reads its own change). */
async function read(db: AppContext['db'], by: { id?: number; infoCode?: string }): Promise<LiveMeeting> {
  const r = await repo.getLive(db, by);
  if (!r) throw notFound('直播会议不存在');
  return dto(r);
}

/** A live meeting as its audit row shows it. */
const stateOfRow = (m: LiveMeeting) => ({ topic: m.meetingTopic, status: m.status, speaker: m.speaker });
export type LiveChange = { before: ReturnType<typeof stateOfRow> | null; after: LiveMeeting };

/** What a status implies: live is open ('O'); scheduled and ended are not. */
const stateOf = (status: LiveStatus, prev: repo.LiveRow | null, b: LiveBody, now: string) => ({
  status,
  is_close: status === 'live' ? ('O' as const) : ('C' as const),
  start_at: b.startTime ? new Date(b.startTime).toISOString() : status === 'live' ? (prev?.start_at ?? now) : (prev?.start_at ?? null),
  end_at: status === 'ended' ? (prev?.end_at ?? now) : null,
});

/** Creates (no id) or edits a live meeting; scheduled → live → ended, never back. */
export async function edit(ctx: AppContext, userCode: string, b: LiveBody, audit: AuditLast<LiveChange>): Promise<LiveMeeting> {
  const now = nowIso();
  const fields = {
    meeting_topic: b.meetingTopic,
    inner_url: b.innerUrl || null,
    outer_url: b.outerUrl || null,
    replay_url: b.replayUrl || null,
    speaker: b.speaker || null,
    remark: b.remark || null,
    updated_at: now,
  };
  if (b.status === 'live' && !fields.inner_url && !fields.outer_url) throw bizError('开始直播前请填写内网或外网直播地址');
  if (!b.id) {
    const infoCode = `ZB${chinaDate(now).replace(/-/g, '')}${randomBytes(3).toString('hex').toUpperCase()}`;
    return inChange(ctx.db, async (trx) => {
      const id = await repo.insertLive(trx, {
        ...fields,
        ...stateOf(b.status, null, b, now),
        info_code: infoCode,
        created_by: userCode,
        created_at: now,
      });
      const after = await read(trx, { id });
      await audit(trx, { before: null, after });
      return after;
    });
  }
  const prev = await repo.getLive(ctx.db, { id: b.id });
  if (!prev) throw notFound('直播会议不存在');
  const order: LiveStatus[] = ['scheduled', 'live', 'ended'];
  if (order.indexOf(b.status) < order.indexOf(prev.status))
    throw bizError(`直播${prev.status === 'ended' ? '已结束' : '已开始'}，不能改回「${b.status === 'scheduled' ? '未开始' : '直播中'}」`);
  const id = b.id;
  return inChange(ctx.db, async (trx) => {
    if (!(await repo.updateLive(trx, id, { ...fields, ...stateOf(b.status, prev, b, now) }, [prev.status])))
      throw bizError('直播状态已变化，请刷新后重试');
    const after = await read(trx, { id });
    await audit(trx, { before: stateOfRow(dto(prev)), after });
    return after;
  });
}

/** Ends a live meeting (spec §4 "close"): it leaves the top bar's banner; its replay stays. */
export async function close(ctx: AppContext, id: number, audit: AuditLast<LiveChange>): Promise<LiveMeeting> {
  const prev = await repo.getLive(ctx.db, { id });
  if (!prev) throw notFound('直播会议不存在');
  if (prev.status === 'ended') throw bizError('直播已结束');
  const now = nowIso();
  return inChange(ctx.db, async (trx) => {
    if (!(await repo.updateLive(trx, id, { status: 'ended', is_close: 'C', end_at: now, updated_at: now }, ['scheduled', 'live'])))
      throw bizError('直播已结束');
    const after = await read(trx, { id });
    await audit(trx, { before: stateOfRow(dto(prev)), after });
    return after;
  });
}

export async function remove(ctx: AppContext, id: number, audit: AuditLast<LiveMeeting>): Promise<void> {
  const prev = await repo.getLive(ctx.db, { id });
  if (!prev) throw notFound('直播会议不存在');
  await inChange(ctx.db, async (trx) => {
    if (!(await repo.deleteLive(trx, id))) throw notFound('直播会议不存在');
    await audit(trx, dto(prev));
  });
}
