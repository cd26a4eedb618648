import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import {
  DOC_API,
  docType,
  docTypeBody,
  docTypeQuery,
  numberBody,
  numberListQuery,
  numberRow,
  reserveBody,
  voidBody,
} from '@oa/shared/contract/documents';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import { actorOf } from './documents.access';
import * as num from './numbering.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['公文编号'];

/** Document types (/deptDispatchType, /deptReceiptType), numbering and the number book. */
export async function numberingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const P = (p: string) => `/oa${p}`;

  r.get(
    P(DOC_API.types),
    {
      config: access.login(),
      schema: {
        summary: '公文类型（部门级为本部门的）及本年下一个文号',
        tags,
        querystring: docTypeQuery,
        response: { 200: envelope(z.array(docType)) },
      },
    },
    async (req) => ok(await num.types(ctx, actorOf(req), req.query)),
  );

  r.post(
    P(DOC_API.typeSave),
    {
      config: access.login(),
      schema: { summary: '新增/修改公文类型（机关代字，如「X协」）', tags, body: docTypeBody, response: { 200: envelope(docType) } },
    },
    async (req) => {
      const t = await num.saveType(ctx, actorOf(req), req.body, (trx, { before, after }) =>
        writeAudit(trx, req, { action: 'document.type.save', target: after.id, result: 'ok', before, after }),
      );
      return ok(t, '保存成功');
    },
  );

  r.post(
    P(DOC_API.number),
    {
      config: access.login(),
      schema: {
        summary: '编号：为已签发的发文取号（只取一次，按类型和年度连续）',
        tags,
        body: numberBody,
        response: { 200: envelope(z.object({ docNo: z.string() })) },
      },
    },
    async (req) => {
      const out = await num.assignNumber(ctx, actorOf(req), req.body.id, req.body.reservedId, (trx, { docNo }) =>
        writeAudit(trx, req, { action: 'document.number', target: req.body.id, result: 'ok', before: { docNo: null }, after: { docNo } }),
      );
      return ok(out, `已编号：${out.docNo}`);
    },
  );

  r.get(
    P(DOC_API.numbers),
    {
      config: access.login(),
      schema: {
        summary: '文号登记簿（已用、预留、作废）',
        tags,
        querystring: numberListQuery,
        response: { 200: envelope(z.array(numberRow)) },
      },
    },
    async (req) => ok(await num.numberBook(ctx, actorOf(req), req.query.typeId, req.query.year)),
  );

  r.post(
    P(DOC_API.reserve),
    {
      config: access.login(),
      schema: { summary: '预留文号', tags, body: reserveBody, response: { 200: envelope(numberRow) } },
    },
    async (req) => {
      const n = await num.reserve(ctx, actorOf(req), req.body.typeId, req.body.reason, (trx, row) =>
        writeAudit(trx, req, {
          action: 'document.number.reserve',
          target: row.id,
          result: 'ok',
          detail: { docNo: row.docNo, reason: row.reason },
        }),
      );
      return ok(n, `已预留：${n.docNo}`);
    },
  );

  r.post(
    P(DOC_API.void),
    {
      config: access.login(),
      schema: { summary: '作废文号（保留记录与原因，不再使用）', tags, body: voidBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await num.voidOne(ctx, actorOf(req), req.body.numberId, req.body.reason, (trx, { docNo, docId, state }) =>
        writeAudit(trx, req, {
          action: 'document.number.void',
          target: req.body.numberId,
          result: 'ok',
          detail: { reason: req.body.reason, docNo, docId },
          before: { state },
          after: { state: 'void' },
        }),
      );
      return ok(null, '已作废');
    },
  );
}
