import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import { uploadedFile } from '@oa/shared/contract/files';
import {
  EXCHANGE_API,
  idOnly,
  memberUnit,
  receiptsAnswer,
  recognized,
  recognizeBody,
  sendBody,
  signBody,
  unitDocRow,
  unitDocsQuery,
  unitFileQuery,
  unitNotice,
  urgeBody,
} from '@oa/shared/contract/exchange';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent, writeAudit } from '../../core/audit';
import { receiveUpload } from '../../core/files/file-upload';
import { actorOf } from './documents.access';
import * as svc from './exchange.service';
import * as unit from './exchange-unit.service';
import { recognizeFile } from './recognize.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['公文交换'];
const P = (p: string) => `/oa${p}`;

/** Exchange with member units (issue 37): the sender's side, the contacts' area, and recognising a received file. */
export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // a unit's reply attachment is read by the dispatch's readers
  ctx.fileGrants = [...(ctx.fileGrants ?? []), svc.replyFileGrant(ctx)];

  r.get(
    P(EXCHANGE_API.units),
    { config: access.login(), schema: { summary: '成员单位及其联系人', tags, response: { 200: envelope(z.array(memberUnit)) } } },
    async () => ok(await svc.units(ctx)),
  );

  r.post(
    P(EXCHANGE_API.send),
    {
      config: access.login(),
      schema: {
        summary: '发送给成员单位（可设签收时限）',
        tags,
        body: sendBody,
        response: { 200: envelope(z.object({ added: z.number().int() })) },
      },
    },
    async (req) => {
      const out = await svc.send(ctx, actorOf(req), req.body, (trx, detail) =>
        writeAudit(trx, req, {
          action: 'document.exchange.send',
          target: req.body.id,
          result: 'ok',
          detail: { ...detail, units: req.body.unitIds, dueAt: req.body.dueAt ?? null },
        }),
      );
      return ok(out, `已发送给 ${out.added} 个成员单位`);
    },
  );

  r.get(
    P(EXCHANGE_API.receipts),
    {
      config: access.login(),
      schema: { summary: '成员单位签收情况', tags, querystring: idOnly, response: { 200: envelope(receiptsAnswer) } },
    },
    async (req) => ok(await svc.receipts(ctx, actorOf(req), req.query.id)),
  );

  r.post(
    P(EXCHANGE_API.urge),
    {
      config: access.login(),
      schema: { summary: '催办未签收的成员单位', tags, body: urgeBody, response: { 200: envelope(z.object({ urged: z.number().int() })) } },
    },
    async (req) => {
      const out = await svc.urge(ctx, actorOf(req), req.body, (trx, detail) =>
        writeAudit(trx, req, { action: 'document.exchange.urge', target: req.body.id, result: 'ok', detail }),
      );
      return ok(out, `已催办 ${out.urged} 个成员单位`);
    },
  );

  r.post(
    P(EXCHANGE_API.recognize),
    {
      config: access.login(),
      schema: {
        summary: '从文件识别来文的文号、发文机关、标题和成文日期',
        tags,
        body: recognizeBody,
        response: { 200: envelope(recognized) },
      },
    },
    async (req) => {
      const a = req.auth!;
      return ok(
        await recognizeFile(ctx, { userCode: a.user.userCode, isAdmin: a.isAdmin, isApplicant: a.isApplicant }, req.body.fileId),
        '已识别，请核对',
      );
    },
  );

  // ------------------------------------------------------------------ the member-unit contacts' area
  r.get(
    P(EXCHANGE_API.unitDocs),
    {
      config: access.unitContact(),
      schema: {
        summary: '本单位收到的公文',
        tags,
        querystring: unitDocsQuery,
        response: { 200: envelope(paged(unitDocRow).extend({ unitName: z.string() })) },
      },
    },
    async (req) => ok(await unit.unitDocs(ctx, req.auth!.user.userCode, req.query)),
  );

  r.get(
    P(EXCHANGE_API.unitDoc),
    {
      config: access.unitContact(),
      schema: { summary: '查看公文（首次查看记为已读）', tags, querystring: idOnly, response: { 200: envelope(unitDocRow) } },
    },
    async (req) => ok(await unit.unitDoc(ctx, req.auth!.user.userCode, req.query.id)),
  );

  r.get(
    P(EXCHANGE_API.unitFile),
    {
      config: { ...access.unitContact(), queryToken: true },
      schema: { summary: '下载公文（PDF 或 OFD）', tags, querystring: unitFileQuery.extend({ wtoken: z.string().optional() }) },
    },
    async (req, reply) => {
      const f = await unit.unitFile(ctx, req.auth!.user.userCode, req.query.id, req.query.format);
      await auditEvent(ctx.db, req, {
        action: 'document.exchange.download',
        target: req.query.id,
        result: 'ok',
        detail: { format: req.query.format },
      });
      reply.header('content-type', f.mime);
      reply.header(
        'content-disposition',
        `attachment; filename="document.${req.query.format}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`,
      );
      return reply.send(f.kind === 'buffer' ? f.buffer : f.stream);
    },
  );

  r.post(
    P(EXCHANGE_API.unitUpload),
    {
      config: access.unitContact(),
      schema: { summary: '上传回复附件', tags, consumes: ['multipart/form-data'], response: { 200: envelope(uploadedFile) } },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'file', scope: 'private' });
      return ok({ filePath: f.id, fileId: f.id, fileName: f.original_name, size: f.size, mime: f.mime, url: '' }, '上传成功');
    },
  );

  r.post(
    P(EXCHANGE_API.unitSign),
    { config: access.unitContact(), schema: { summary: '签收（可附回复）', tags, body: signBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await unit.sign(ctx, req.auth!.user.userCode, req.body, (trx, detail) =>
        writeAudit(trx, req, {
          action: 'document.exchange.sign',
          target: req.body.id,
          result: 'ok',
          detail: { ...detail, reply: !!req.body.replyText, file: !!req.body.replyFileId },
        }),
      );
      return ok(null, '已签收');
    },
  );

  r.get(
    P(EXCHANGE_API.unitNotices),
    { config: access.unitContact(), schema: { summary: '本人的公文通知与催办', tags, response: { 200: envelope(z.array(unitNotice)) } } },
    async (req) => ok(await unit.unitNotices(ctx, req.auth!.user.userCode)),
  );
}
