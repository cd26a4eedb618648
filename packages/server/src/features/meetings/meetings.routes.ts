import { MINUTE } from '../../lib/time';
import { runEvery } from '../../core/notify/periodic';
import { remindBeforeStart } from './meeting-notices';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerMeetingsHandover } from './handover.source';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  MEETING_API,
  arrangement,
  clash,
  arrangementQuery,
  checkinByBody,
  freeRoomQuery,
  idBody,
  idQuery,
  insertResult,
  meetingDelete,
  meetingDetail,
  meetingInsert,
  meetingItem,
  meetingListQuery,
  meetingRoom,
  meetingUpdate,
  minutesBody,
  respondBody,
  roomAvailability,
  roomBody,
  roomListQuery,
} from '@oa/shared/contract/meetings';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import { registerLifecycle } from '../../core/ports/workflow-port';
import * as svc from './meetings.service';
import * as query from './meetings-query.service';
import * as attend from './meetings-attend.service';
import * as rooms from './rooms.service';
import { liveRoutes } from './live.routes';
import { meetingMaterialGrant } from './meetings.file-grant';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['会议室'];
const P = (p: string) => `/oa${p}`;

/** Function codes (db/seed/functions.data.ts) and the module's permission keys. */
/** A refused booking answers the clashing slots as data. */
const clashes = z.object({ clashes: z.array(clash) });

const ROOM_PAGE = 'office_meet_room';
const APPLY = 'office_meet_apply';
const MODIFY = 'office_meet_modify';

const actorOf = (req: FastifyRequest): svc.Actor => {
  const a = req.auth!;
  return { userCode: a.user.userCode, userName: a.user.userName, deptCode: a.user.deptCode, can: (p) => a.can(p) };
};

/** Meeting rooms and bookings (spec §7 "Meetings" at its paths) and the live meetings (live.routes.ts). */
export async function meetingsRoutes(app: FastifyInstance): Promise<void> {
  registerMeetingsHandover(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  runEvery(app, 'meeting-reminders', MINUTE, (now) => remindBeforeStart(ctx, now));

  registerLifecycle(ctx, [svc.MODULE_CODE], {
    onOutcome: (trx, i) => svc.onOutcome(trx, Number(i.recordId), i.outcome),
    getForm: (db, i) => svc.formOf(db, Number(i.recordId)),
  });
  ctx.fileGrants = [...(ctx.fileGrants ?? []), meetingMaterialGrant];

  r.get(
    P(MEETING_API.list),
    {
      config: access.perm(ROOM_PAGE),
      schema: {
        summary: '会议列表（view=mine 我的会议 / calendar 会议室日历 / all 全部，需 oa_meeting:manage）',
        tags,
        querystring: meetingListQuery,
        response: { 200: envelope(paged(meetingItem)) },
      },
    },
    async (req) => ok(await query.list(ctx, actorOf(req), req.query)),
  );

  r.post(
    P(MEETING_API.insert),
    {
      config: access.perm(APPLY),
      schema: {
        summary: '预订会议室（可按日/周/月重复；每一场都检查冲突，冲突时列出）',
        tags,
        body: meetingInsert,
        response: { 200: envelope(z.union([insertResult, clashes])) },
      },
    },
    async (req) => {
      const res = await svc.insert(ctx, actorOf(req), req.body);
      const msg = res.status === 'pending' ? '已提交，等待会议室审批' : res.status === 'rejected' ? '预订未通过审批' : '预订成功';
      return ok(res, res.skipped.length ? `${msg}（跳过冲突的 ${res.skipped.length} 场）` : msg);
    },
  );

  r.get(
    P(MEETING_API.freeRooms),
    {
      config: access.perm(ROOM_PAGE),
      schema: {
        summary: '指定时段的空闲会议室（all=Y 含已占用的及占用它的会议）',
        tags,
        querystring: freeRoomQuery,
        response: { 200: envelope(z.array(roomAvailability)) },
      },
    },
    async (req) => ok(await query.freeRooms(ctx, req.query)),
  );

  r.get(
    P(MEETING_API.arrangement),
    {
      config: access.perm(ROOM_PAGE),
      schema: {
        summary: '会议安排（今日 / 本周 / 本月）与按会议室、部门的使用统计',
        tags,
        querystring: arrangementQuery,
        response: { 200: envelope(arrangement) },
      },
    },
    async (req) => ok(await query.arrangement(ctx, req.query)),
  );

  r.get(
    P(MEETING_API.get),
    {
      config: access.login(),
      schema: {
        summary: '会议详情（组织者、主持人、参会人、审批人与会议管理员可查看）',
        tags,
        querystring: idQuery,
        response: { 200: envelope(meetingDetail) },
      },
    },
    async (req) => ok(await query.get(ctx, actorOf(req), req.query.id)),
  );

  r.put(
    P(MEETING_API.update),
    {
      config: access.perm(MODIFY),
      schema: {
        summary: '修改会议（仅组织者或会议管理员，会议开始前）',
        tags,
        body: meetingUpdate,
        response: { 200: envelope(z.union([z.object({ id: z.number(), status: z.string() }), clashes])) },
      },
    },
    async (req) => {
      const res = await svc.update(ctx, actorOf(req), req.body);
      return ok(res, res.status === 'pending' ? '已修改，等待会议室审批' : '修改成功');
    },
  );

  r.delete(
    P(MEETING_API.remove),
    {
      config: access.perm(ROOM_PAGE),
      schema: {
        summary: '取消会议（scope=one 本场 / series 本场及以后各场；仅组织者或会议管理员）',
        tags,
        body: meetingDelete,
        response: { 200: envelope(z.object({ ids: z.array(z.number()) })) },
      },
    },
    async (req) => {
      const res = await svc.cancel(ctx, actorOf(req), req.body, (trx, { ids, before }) =>
        writeAudit(trx, req, {
          action: 'meeting.cancel',
          target: String(req.body.id),
          result: 'ok',
          detail: { scope: req.body.scope, ids, reason: req.body.reason ?? null },
          before: { status: before },
          after: { status: 'cancelled' },
        }),
      );
      return ok(res, `已取消 ${res.ids.length} 场会议`);
    },
  );

  r.post(
    P(MEETING_API.respond),
    {
      config: access.login(),
      schema: { summary: '回复会议邀请（参加 / 不参加）', tags, body: respondBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await attend.respond(ctx, actorOf(req), req.body);
      return ok(null, req.body.response === 'accepted' ? '已确认参加' : '已回复不参加');
    },
  );

  r.post(
    P(MEETING_API.checkin),
    {
      config: access.login(),
      schema: {
        summary: '签到（扫描会议二维码打开的页面）',
        tags,
        body: idBody,
        response: { 200: envelope(z.object({ already: z.boolean(), at: z.string() })) },
      },
    },
    async (req) => {
      const res = await attend.checkin(ctx, actorOf(req), req.body.id);
      return ok(res, res.already ? '您已签到' : '签到成功');
    },
  );

  r.post(
    P(MEETING_API.checkinBy),
    {
      config: access.login(),
      schema: { summary: '代为签到（组织者、主持人）', tags, body: checkinByBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await attend.checkinBy(ctx, actorOf(req), req.body);
      return ok(null, '签到成功');
    },
  );

  r.put(
    P(MEETING_API.minutes),
    {
      config: access.login(),
      schema: {
        summary: '记录会议纪要与决议（会议开始后，组织者、主持人）',
        tags,
        body: minutesBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await attend.saveMinutes(ctx, actorOf(req), req.body);
      return ok(null, '会议纪要已保存');
    },
  );

  // ---- the room register ----------------------------------------------------------------------------
  r.get(
    P(MEETING_API.rooms),
    {
      config: access.login(),
      schema: { summary: '会议室列表', tags, querystring: roomListQuery, response: { 200: envelope(z.array(meetingRoom)) } },
    },
    async (req) => ok(await rooms.rooms(ctx, req.query)),
  );

  r.post(
    P(MEETING_API.room),
    {
      config: access.perm(svc.MANAGE),
      schema: { summary: '新增或修改会议室（带 id 为修改）', tags, body: roomBody, response: { 200: envelope(meetingRoom) } },
    },
    async (req) => {
      const room = await rooms.saveRoom(ctx, req.body, (trx, { before, after }) =>
        writeAudit(trx, req, {
          action: req.body.id ? 'meeting.room.update' : 'meeting.room.create',
          target: String(after.id),
          result: 'ok',
          before,
          after,
        }),
      );
      return ok(room, '保存成功');
    },
  );

  r.delete(
    P(MEETING_API.room),
    {
      config: access.perm(svc.MANAGE),
      schema: { summary: '删除会议室（有未开始的预订时拒绝）', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await rooms.removeRoom(ctx, req.body.id, (trx, before) =>
        writeAudit(trx, req, { action: 'meeting.room.delete', target: String(req.body.id), result: 'ok', before }),
      );
      return ok(null, '删除成功');
    },
  );

  await liveRoutes(app);
}
