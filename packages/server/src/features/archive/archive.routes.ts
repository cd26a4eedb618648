import type { FastifyInstance } from 'fastify';
import { ARCHIVE_PERM } from '../../core/ports/document-port';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  ARCHIVE_API,
  archiveDetail,
  archiveItem,
  archivePreview,
  archiveQuery,
  assignRollBody,
  fileBody,
  pendingQuery,
  pendingRow,
  previewQuery,
  rollBody,
  rollRow,
} from '@oa/shared/contract/archive';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import * as svc from './archive.service';
import { ofd as archiveOfd, packageOf as archivePackage, type ArchiveActor } from './archive-read';
import { catalogueWorkbook } from './archive.excel';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['档案'];
const PERM = ARCHIVE_PERM;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The archive (/archive, /receiptPre, /dispatchPre, /archivePre, /archive/rollList, /archiveDetail). */
export async function archiveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const P = (p: string) => `/oa${p}`;

  r.get(
    P(ARCHIVE_API.pending),
    {
      config: access.perm(PERM),
      schema: {
        summary: '待归档的公文（已办结的收文、已分发的发文）',
        tags,
        querystring: pendingQuery,
        response: { 200: envelope(paged(pendingRow)) },
      },
    },
    async (req) => ok(await svc.pending(ctx, req.query)),
  );

  r.get(
    P(ARCHIVE_API.preview),
    {
      config: access.perm(PERM),
      schema: { summary: '归档预览：将生成的档号与目录项', tags, querystring: previewQuery, response: { 200: envelope(archivePreview) } },
    },
    async (req) => ok(await svc.preview(ctx, req.query)),
  );

  r.post(
    P(ARCHIVE_API.file),
    {
      config: access.perm(PERM),
      schema: { summary: '归档（生成档号，保存处理笺与正式文件）', tags, body: fileBody, response: { 200: envelope(archiveItem) } },
    },
    async (req) => {
      const actor = { userCode: req.auth!.user.userCode, isAdmin: req.auth!.isAdmin, can: req.auth!.can };
      const item = await svc.file(ctx, actor, req.body, (trx, f) =>
        writeAudit(trx, req, {
          action: 'archive.file',
          target: f.id,
          result: 'ok',
          detail: { docId: f.docId, archiveCode: f.archiveCode },
        }),
      );
      return ok(item, `已归档：${item.archiveCode}`);
    },
  );

  r.get(
    P(ARCHIVE_API.list),
    {
      config: access.perm(PERM),
      schema: { summary: '归档文件目录', tags, querystring: archiveQuery, response: { 200: envelope(paged(archiveItem)) } },
    },
    async (req) => ok(await svc.list(ctx, req.query)),
  );

  r.get(
    P(ARCHIVE_API.export),
    {
      config: access.perm(PERM),
      schema: { summary: '导出归档文件目录（.xlsx，条件同列表，最多 10000 条）', tags, querystring: archiveQuery },
    },
    async (req, reply) => {
      const data = await svc.list(ctx, { ...req.query, pageNumber: 1, pageSize: 10000 });
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="archive.xlsx"; filename*=UTF-8''${encodeURIComponent('归档文件目录.xlsx')}`)
        .send(await catalogueWorkbook(data.list));
    },
  );

  r.get(
    P(ARCHIVE_API.detail),
    {
      config: access.login(),
      schema: {
        summary: '档案详情（档案员，或原公文的可读人员）',
        tags,
        querystring: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelope(archiveDetail) },
      },
    },
    async (req) => {
      try {
        return ok(
          await svc.detail(ctx, { userCode: req.auth!.user.userCode, isAdmin: req.auth!.isAdmin, can: req.auth!.can }, req.query.id),
        );
      } catch (err) {
        if (err instanceof AppError && err.status === 403)
          await auditEvent(ctx.db, req, { action: 'archive.denied', target: req.query.id, result: 'denied' });
        throw err;
      }
    },
  );

  /** An item's file for its readers (archivists, the document's readers): the download and a refusal are audited. */
  const itemDownload = (
    api: string,
    summary: string,
    what: { action: string; type: string; ext: string },
    make: (actor: ArchiveActor, id: string) => Promise<{ body: Buffer | NodeJS.ReadableStream; fileName: string }>,
  ) =>
    r.get(
      P(api),
      { config: access.login(), schema: { summary, tags, querystring: z.object({ id: z.string().min(1).max(64) }) } },
      async (req, reply) => {
        const actor = { userCode: req.auth!.user.userCode, isAdmin: req.auth!.isAdmin, can: req.auth!.can };
        try {
          const out = await make(actor, req.query.id);
          await auditEvent(ctx.db, req, { action: what.action, target: req.query.id, result: 'ok' });
          const disposition = `attachment; filename="archive.${what.ext}"; filename*=UTF-8''${encodeURIComponent(out.fileName)}`;
          return reply.header('content-type', what.type).header('content-disposition', disposition).send(out.body);
        } catch (err) {
          if (err instanceof AppError && err.status === 403)
            await auditEvent(ctx.db, req, { action: 'archive.denied', target: req.query.id, result: 'denied' });
          throw err;
        }
      },
    );
  itemDownload(
    ARCHIVE_API.ofd,
    '档案正文 OFD（GB/T 33190，发文的红头文件，版式同 PDF；档案员或原公文的可读人员）',
    { action: 'archive.ofd', type: 'application/ofd', ext: 'ofd' },
    (actor, id) => archiveOfd(ctx, actor, id),
  );
  itemDownload(
    ARCHIVE_API.package,
    '档案归档包（.zip：正文、定稿、处理笺、附件与元数据 XML，各文件 SM3；档案员或原公文的可读人员）',
    { action: 'archive.package', type: 'application/zip', ext: 'zip' },
    (actor, id) => archivePackage(ctx, actor, id),
  );
  r.get(
    P(ARCHIVE_API.rolls),
    {
      config: access.perm(PERM),
      schema: { summary: '案卷列表', tags, response: { 200: envelope(z.array(rollRow)) } },
    },
    async () => ok(await svc.rollList(ctx)),
  );

  r.post(
    P(ARCHIVE_API.rollSave),
    {
      config: access.perm(PERM),
      schema: { summary: '新增/修改案卷', tags, body: rollBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.saveRoll(ctx, { userCode: req.auth!.user.userCode, isAdmin: req.auth!.isAdmin, can: req.auth!.can }, req.body);
      return ok(null, '保存成功');
    },
  );

  r.post(
    P(ARCHIVE_API.assignRoll),
    {
      config: access.perm(PERM),
      schema: { summary: '将归档文件组入案卷（rollId 为空则移出）', tags, body: assignRollBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.assignRoll(ctx, req.body.rollId, req.body.itemIds);
      return ok(null, '已更新');
    },
  );
}
