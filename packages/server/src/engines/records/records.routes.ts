import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import {
  deptOption,
  pickerQuery,
  recordActionBody,
  recordDetail,
  recordExportQuery,
  recordIdBody,
  recordIdQuery,
  recordItem,
  recordListQuery,
  recordPage,
  recordSaveBody,
  recordsPath,
  userOption,
  PICKER_DEPTS_PATH,
  PICKER_USERS_PATH,
} from '@oa/shared/contract/records';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { unauthorized } from '../../lib/errors';
import type { Actor } from './records.access';
import { XLSX_TYPE, attachmentHeader, mapChunks, recordSheet, recordSheetRows } from './records.export';
import { streamWorkbook } from '../../lib/xlsx-write';
import { withoutHidden } from './records.hidden';
import { exportRows } from './records.mask';
import { listChunks } from './records.list';
import * as svc from './records.service';
import { recordAttachmentGrant } from './records.file-grant';
import { registerModuleRoutes } from './register.routes';
import { viewerOf } from '../../core/access/visibility';

function actorOf(req: FastifyRequest): Actor {
  const a = req.auth;
  if (!a) throw unauthorized();
  return {
    userCode: a.user.userCode,
    userName: a.user.userName,
    deptCode: a.user.deptCode,
    deptName: a.user.deptName,
    roleCodes: a.roleCodes,
    isAdmin: a.isAdmin,
    can: a.can,
  };
}

/** The records API of one module: `/oa/api/auth/oa/records/<code>/<action>`. */
function moduleRoutes(app: FastifyInstance, m: AnyModule): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const p = (action: string) => `/oa${recordsPath(m.code, action)}`;
  const tags = [`业务模块-${m.name}`];
  const read = access.perm(m.permissions.read);
  const create = access.perm(m.permissions.create);
  // business refusals answer HTTP 200 with data null
  const item = envelope(recordItem.nullable());

  r.get(
    p('list'),
    {
      config: read,
      schema: {
        summary: `${m.name}列表（分页、筛选；view=manage 为管理视图）`,
        tags,
        querystring: recordListQuery,
        response: { 200: envelope(recordPage.nullable()) },
      },
    },
    async (req) => ok(await svc.list(ctx, m, actorOf(req), req.query, req.auth!.versions.records)),
  );
  r.get(
    p('get'),
    {
      config: read,
      schema: { summary: `${m.name}详情`, tags, querystring: recordIdQuery, response: { 200: envelope(recordDetail.nullable()) } },
    },
    async (req) => ok(await svc.getRecord(ctx, m, actorOf(req), req.query.id)),
  );
  r.post(
    p('save'),
    { config: create, schema: { summary: `保存${m.name}草稿（无 id 时新建）`, tags, body: recordSaveBody, response: { 200: item } } },
    async (req) => ok(await svc.saveDraft(ctx, m, actorOf(req), req.body), '已保存草稿'),
  );
  r.post(
    p('submit'),
    { config: create, schema: { summary: `提交${m.name}（保存并发起审批）`, tags, body: recordSaveBody, response: { 200: item } } },
    async (req) => ok(await svc.submit(ctx, m, actorOf(req), req.body), '已提交'),
  );
  r.post(
    p('delete'),
    { config: create, schema: { summary: `删除${m.name}草稿`, tags, body: recordIdBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.removeDraft(ctx, m, actorOf(req), req.body.id);
      return ok(null, '已删除');
    },
  );
  r.post(
    p('withdraw'),
    { config: create, schema: { summary: `撤回${m.name}（尚无人审批时）`, tags, body: recordIdBody, response: { 200: item } } },
    async (req) => ok(await svc.withdraw(ctx, m, actorOf(req), req.body.id), '已撤回'),
  );
  r.post(
    p('action'),
    { config: read, schema: { summary: `${m.name}的业务操作（如借用归还）`, tags, body: recordActionBody, response: { 200: item } } },
    async (req) => ok(await svc.runAction(ctx, m, actorOf(req), req.body), '操作成功'),
  );
  r.get(
    p('export'),
    { config: read, schema: { summary: `导出${m.name}（.xlsx，条件同列表）`, tags, querystring: recordExportQuery } },
    async (req, reply) => {
      const actor = actorOf(req);
      // streamed in keyset chunks: every row of the list, memory bounded, other requests answered meanwhile
      const chunks = mapChunks(await listChunks(ctx, m, actor, req.query), async (rows) =>
        recordSheetRows(ctx.db, m, await exportRows(ctx, m, actor, await withoutHidden(ctx, m, actor, rows))),
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(`${m.name}.xlsx`, `${m.code}.xlsx`))
        .send(streamWorkbook(recordSheet(m), chunks));
    },
  );
}

/** Records of every declared module and the pickers of user/department fields (the engine's lifecycle is ctx.records, app.ts). */
export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  // private attachments of a record are readable by the record's readers (re-checked on every download)
  app.ctx.fileGrants = [...(app.ctx.fileGrants ?? []), recordAttachmentGrant(app.ctx)];
  // registers (kind 'register') answer the same paths with register meanings (register.routes.ts)
  for (const m of ENGINE_MODULES) (m.kind === 'register' ? registerModuleRoutes : moduleRoutes)(app, m);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['业务模块'];
  r.get(
    `/oa${PICKER_USERS_PATH}`,
    {
      config: access.login(),
      schema: { summary: '人员选择（表单的人员字段）', tags, querystring: pickerQuery, response: { 200: envelope(z.array(userOption)) } },
    },
    async (req) => ok(await svc.pickUsers(app.ctx, viewerOf(req.auth!), req.query.keyword)),
  );
  r.get(
    `/oa${PICKER_DEPTS_PATH}`,
    { config: access.login(), schema: { summary: '部门选择（表单的部门字段）', tags, response: { 200: envelope(z.array(deptOption)) } } },
    async () => ok(await svc.pickDepts(app.ctx)),
  );
}
