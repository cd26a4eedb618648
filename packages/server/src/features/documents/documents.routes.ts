import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerDocumentsHandover } from './handover.source';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  DOC_API,
  distributeBody,
  distributionRow,
  docDetail,
  docListQuery,
  docRow,
  idBody,
  printBody,
  leaderOption,
  idQuery,
  saveDocBody,
  toReadQuery,
  toReadRow,
} from '@oa/shared/contract/documents';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import { registerLifecycle } from '../../core/ports/workflow-port';
import { registerTodoSource } from '../../core/ports/todo-sources';
import { documentsTodoSource } from './to-read.source';
import { actorOf, mayReadDocument, mayReadFile } from './documents.access';
import { documentsLifecycle } from './documents.lifecycle';
import { backfillSteps as searchBackfill, indexDocument } from './documents.search';
import { backfillOnReady } from '../../core/search/backfill-on-ready';
import '../../core/ports/document-port';
import * as svc from './documents.service';
import * as dist from './distribution.service';
import { ledgerWorkbook } from './documents.excel';
import { leaders } from './documents.leaders';
import { numberingRoutes } from './numbering.routes';
import { verifyRoutes } from './verify.routes';
import { OFD_MIME } from './render-ofd';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['公文'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const disposition = (name: string, ascii: string, inline = false) =>
  `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Refusals of reads are audited (who tried to open which document). */
async function audited<T>(req: FastifyRequest, target: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      await auditEvent(req.server.ctx.db, req, { action: 'document.denied', target, result: 'denied', detail: { url: req.url } });
    throw err;
  }
}

/** Official documents (issue 19): receipts, dispatches, numbering, rendering, distribution. */
export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  registerDocumentsHandover(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const P = (p: string) => `/oa${p}`;

  ctx.documents = {
    canRead: (db, userCode, docId) => mayReadDocument(ctx, db, userCode, docId),
    reindex: (trx, docId) => indexDocument(trx, docId),
    ofd: (docId) => dist.renderFiled(ctx, docId),
    docx: (docId) => dist.renderFiled(ctx, docId, 'docx'),
  };
  // documents the seed (or a database from before documents were searchable) holds unindexed: once per database
  backfillOnReady(app, 'documents', () => searchBackfill(ctx));
  registerTodoSource(ctx, documentsTodoSource);
  registerLifecycle(ctx, ['oa_receipt', 'oa_dispatch', 'oa_deptReceipt', 'oa_deptDispatch'], documentsLifecycle(ctx));
  // a file of a document (body, attachments, printed PDF) may be downloaded by the document's readers
  ctx.fileGrants = [...(ctx.fileGrants ?? []), (db, file, userCode) => mayReadFile(ctx, db, userCode, file.id)];

  r.get(
    P(DOC_API.list),
    {
      config: access.login(),
      schema: {
        summary: '公文列表（box: todo 待办 / mine 我登记或拟稿 / involved 经办 / all 全部，需管理权限）',
        tags,
        querystring: docListQuery,
        response: { 200: envelope(paged(docRow)) },
      },
    },
    async (req) => ok(await svc.list(ctx, actorOf(req), req.query)),
  );

  r.get(
    P(DOC_API.leaders),
    {
      config: access.login(),
      schema: { summary: '可选的批示领导（部门负责人、收文领导）', tags, response: { 200: envelope(z.array(leaderOption)) } },
    },
    async () => ok(await leaders(ctx.db)),
  );

  r.get(
    P(DOC_API.export),
    {
      config: access.login(),
      schema: { summary: '导出公文台账（.xlsx，条件同列表，最多 5000 条）', tags, querystring: docListQuery },
    },
    async (req, reply) => {
      const data = await svc.list(ctx, actorOf(req), { ...req.query, pageNumber: 1, pageSize: 5000 });
      const name = req.query.kind === 'receipt' ? '收文台账' : '发文台账';
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', disposition(`${name}.xlsx`, `${req.query.kind}-ledger.xlsx`))
        .send(await ledgerWorkbook(req.query.kind, data.list));
    },
  );

  r.get(
    P(DOC_API.detail),
    {
      config: access.login(),
      schema: { summary: '公文详情（含处理笺；收件人打开即记为已阅）', tags, querystring: idQuery, response: { 200: envelope(docDetail) } },
    },
    async (req) => ok(await audited(req, req.query.id, () => svc.detail(ctx, actorOf(req), req.query.id))),
  );

  r.post(
    P(DOC_API.save),
    {
      config: access.login(),
      schema: {
        summary: '收文登记 / 发文拟稿（submit=true 同时提交办理）',
        tags,
        body: saveDocBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req) => ok(await svc.save(ctx, actorOf(req), req.body), req.body.submit ? '已提交' : '已保存'),
  );

  r.post(
    P(DOC_API.submit),
    {
      config: access.login(),
      schema: { summary: '提交办理', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.submit(ctx, actorOf(req), req.body.id);
      return ok(null, '已提交');
    },
  );

  r.post(
    P('/api/auth/oa/documents/withdraw'),
    {
      config: access.login(),
      schema: { summary: '撤回（尚无人办理时）', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.withdraw(ctx, actorOf(req), req.body.id);
      return ok(null, '已撤回');
    },
  );

  r.post(
    P(DOC_API.remove),
    {
      config: access.login(),
      schema: { summary: '删除草稿', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.remove(ctx, actorOf(req), req.body.id);
      return ok(null, '已删除');
    },
  );

  const RENDERED = {
    pdf: { api: DOC_API.pdf, type: 'application/pdf', summary: '红头文件 PDF（GB/T 9704）' },
    docx: { api: DOC_API.docx, type: DOCX, summary: '红头文件 Word（可编辑）' },
    ofd: { api: DOC_API.ofd, type: OFD_MIME, summary: '红头文件 OFD（GB/T 33190，版式同 PDF）' },
  } as const;
  for (const format of ['pdf', 'docx', 'ofd'] as const) {
    r.get(
      P(RENDERED[format].api),
      {
        config: access.login(),
        schema: {
          summary: RENDERED[format].summary,
          tags,
          querystring: idQuery.extend({ inline: z.enum(['Y', 'N']).optional() }),
        },
      },
      async (req, reply) => {
        const out = await audited(req, req.query.id, () => dist.render(ctx, actorOf(req), req.query.id, format));
        // the OFD leaves the building as a file of its own: its download is audited (the PDF is stored at 印制)
        if (format === 'ofd') await auditEvent(ctx.db, req, { action: 'document.ofd', target: req.query.id, result: 'ok' });
        return reply
          .header('content-type', RENDERED[format].type)
          .header('content-disposition', disposition(out.fileName, `document.${format}`, req.query.inline === 'Y'))
          .send(out.buffer);
      },
    );
  }

  r.post(
    P(DOC_API.print),
    {
      config: access.login(),
      schema: {
        summary: '印制：生成并保存红头文件 PDF（可选用印：保管人或已批准的用印申请）',
        tags,
        body: printBody,
        response: { 200: envelope(z.object({ fileId: z.string() })) },
      },
    },
    async (req) => {
      const out = await dist.print(ctx, actorOf(req), req.body, (trx, detail) =>
        writeAudit(trx, req, {
          action: 'document.print',
          target: req.body.id,
          result: 'ok',
          detail,
          before: { status: 'numbered' },
          after: { status: 'printed' },
        }),
      );
      return ok(out, '已印制');
    },
  );

  r.post(
    P(DOC_API.distribute),
    {
      config: access.login(),
      schema: {
        summary: '分发：人员、部门（全体成员）、外部单位',
        tags,
        body: distributeBody,
        response: { 200: envelope(z.object({ added: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await dist.distribute(ctx, actorOf(req), req.body, (trx, { added }) =>
        writeAudit(trx, req, {
          action: 'document.distribute',
          target: req.body.id,
          result: 'ok',
          detail: { added, users: req.body.userCodes.length, depts: req.body.deptCodes, externals: req.body.externals },
        }),
      );
      return ok(out, `已分发 ${out.added} 份`);
    },
  );

  r.get(
    P(DOC_API.distribution),
    {
      config: access.login(),
      schema: { summary: '分发记录（签收、阅读时间）', tags, querystring: idQuery, response: { 200: envelope(z.array(distributionRow)) } },
    },
    async (req) => ok(await audited(req, req.query.id, () => dist.distribution(ctx, actorOf(req), req.query.id))),
  );

  r.post(
    P(DOC_API.read),
    {
      config: access.login(),
      schema: { summary: '标记已阅', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await dist.read(ctx, actorOf(req), req.body.id);
      return ok(null, '已阅');
    },
  );

  r.get(
    P(DOC_API.toRead),
    {
      config: access.login(),
      schema: { summary: '我的待阅公文', tags, querystring: toReadQuery, response: { 200: envelope(paged(toReadRow)) } },
    },
    async (req) => ok(await dist.myToRead(ctx, actorOf(req), req.query)),
  );

  await numberingRoutes(app);
  await verifyRoutes(app);
}
