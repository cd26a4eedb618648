import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import { MEETING_API, idBody, liveBody, liveGetQuery, liveListQuery, liveMeeting } from '@oa/shared/contract/meetings';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import * as live from './live.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['视频会议'];
const P = (p: string) => `/oa${p}`;
/** Function codes: /live/edit and /live/list (maintenance). */
const EDIT = 'office_live_edit';
const MAINTAIN = 'office_live_list';

/** Live meetings: scheduled → live → ended (replay). The list with isClose 'O' feeds the top bar's banner. */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    P(MEETING_API.liveList),
    {
      config: access.login(),
      schema: {
        summary: '直播会议列表（isClose=O 为正在直播，顶栏横幅用；replay=Y 为有回放的历史会议）',
        tags,
        querystring: liveListQuery,
        response: { 200: envelope(paged(liveMeeting)) },
      },
    },
    async (req) => ok(await live.list(ctx, req.query)),
  );

  r.get(
    P(MEETING_API.liveGet),
    {
      config: access.login(),
      schema: { summary: '直播会议详情（按 id 或 infoCode）', tags, querystring: liveGetQuery, response: { 200: envelope(liveMeeting) } },
    },
    async (req) => ok(await live.get(ctx, req.query)),
  );

  r.post(
    P(MEETING_API.editLive),
    {
      config: access.perm(EDIT),
      schema: {
        summary: '新建或修改直播会议（带 id 为修改；status=live 开始直播）',
        tags,
        body: liveBody,
        response: { 200: envelope(liveMeeting) },
      },
    },
    async (req) => {
      const m = await live.edit(ctx, req.auth!.user.userCode, req.body, (trx, { before, after }) =>
        writeAudit(trx, req, {
          action: req.body.id ? 'meeting.live.update' : 'meeting.live.create',
          target: after.infoCode,
          result: 'ok',
          before,
          after: { topic: after.meetingTopic, status: after.status, speaker: after.speaker },
        }),
      );
      return ok(m, '保存成功');
    },
  );

  r.put(
    P(MEETING_API.close),
    {
      config: access.perm(MAINTAIN),
      schema: { summary: '结束直播（isClose 变为 C，顶栏不再显示）', tags, body: idBody, response: { 200: envelope(liveMeeting) } },
    },
    async (req) => {
      const m = await live.close(ctx, req.body.id, (trx, { before, after }) =>
        writeAudit(trx, req, {
          action: 'meeting.live.close',
          target: after.infoCode,
          result: 'ok',
          before,
          after: { status: after.status },
        }),
      );
      return ok(m, '直播已结束');
    },
  );

  r.post(
    P(MEETING_API.delLive),
    {
      config: access.perm(MAINTAIN),
      schema: { summary: '删除直播会议', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await live.remove(ctx, req.body.id, (trx, m) =>
        writeAudit(trx, req, {
          action: 'meeting.live.delete',
          target: m.infoCode,
          result: 'ok',
          before: { topic: m.meetingTopic, status: m.status },
        }),
      );
      return ok(null, '删除成功');
    },
  );
}
