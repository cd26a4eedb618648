import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged, pageQuery } from '@oa/shared/contract/envelope';
import { uploadedFile } from '@oa/shared/contract/files';
import {
  FWEB_API,
  FWEB_PUBLIC_API,
  batchItem,
  createDraftBody,
  idBody,
  idQuery,
  orgBody,
  orgInfo,
  registerBody,
  registerSmsBody,
  reportBody,
  saveStepBody,
  subjectDetail,
  subjectItem,
} from '@oa/shared/contract/subjects';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { forbidden, notFound, tooMany } from '../../lib/errors';
import { MINUTE } from '../../lib/time';
import { writeAudit } from '../../core/audit';
import { receiveUpload } from '../../core/files/file-upload';
import { canReadFile, findFile, openBlob } from '../../core/files/file-store';
import * as svc from './applicants.service';
import * as batchSvc from './batches.service';
import { detail } from './subjects.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['课题申报平台'];
const P = (action: string) => `/oa${FWEB_API}/${action}`;
const fileQuery = z.object({ fileId: z.string({ message: '缺少文件标识 fileId' }).regex(/^f[0-9a-f]{30}$/, { message: '文件标识无效' }) });

/**
 * The applicants' area (/foundationForWeb, platform 19). Every route here is `access.applicant()`:
 * applicants only, and each call reads or writes only the caller's own subjects and files.
 */
export async function applicantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const me = (req: { auth: { user: { userCode: string } } | null }) => req.auth!.user.userCode;
  const actor = (userCode: string) => ({ userCode, deptCode: null, isAdmin: false, isApplicant: true, can: async () => false });

  r.get(
    P('batches'),
    {
      config: access.applicant(),
      schema: { summary: '正在申报的批次（含申报指南）', tags, response: { 200: envelope(z.array(batchItem)) } },
    },
    async () => ok(await batchSvc.openBatches(ctx)),
  );

  r.get(
    P('subjects'),
    {
      config: access.applicant(),
      schema: { summary: '我的课题', tags, querystring: pageQuery, response: { 200: envelope(paged(subjectItem)) } },
    },
    async (req) => ok(await svc.mySubjects(ctx, me(req), req.query)),
  );

  r.get(
    P('subject'),
    {
      config: access.applicant(),
      schema: {
        summary: '我的课题详情（申报书、合同、进度、评审结果）',
        tags,
        querystring: idQuery,
        response: { 200: envelope(subjectDetail) },
      },
    },
    async (req) => ok(await detail(ctx, actor(me(req)), req.query.id)),
  );

  r.post(
    P('create'),
    {
      config: access.applicant(),
      schema: { summary: '新建申报书（仅在批次申报时间内）', tags, body: createDraftBody, response: { 200: envelope(z.string()) } },
    },
    async (req) => ok(await svc.createDraft(ctx, me(req), req.body), '申报书已创建'),
  );

  r.post(
    P('saveStep'),
    {
      config: access.applicant(),
      schema: { summary: '保存申报书的一步（草稿；逐步校验）', tags, body: saveStepBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.saveDeclareStep(ctx, me(req), req.body);
      return ok(null, '已保存');
    },
  );

  r.post(
    P('submit'),
    {
      config: access.applicant(),
      schema: { summary: '提交申报书（批次申报时间外拒绝）', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.submitDeclaration(ctx, me(req), req.body.id, (trx) =>
        writeAudit(trx, req, { action: 'subject.submit', target: req.body.id, result: 'ok' }),
      );
      return ok(null, '申报书已提交');
    },
  );

  r.post(
    P('saveContractStep'),
    {
      config: access.applicant(),
      schema: { summary: '保存合同的一步（草稿；逐步校验）', tags, body: saveStepBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.saveContractStep(ctx, me(req), req.body);
      return ok(null, '已保存');
    },
  );

  r.post(
    P('submitContract'),
    {
      config: access.applicant(),
      schema: { summary: '提交合同，进入签订审批', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.submitContract(ctx, me(req), req.body.id, (trx) =>
        writeAudit(trx, req, { action: 'subject.submitContract', target: req.body.id, result: 'ok' }),
      );
      return ok(null, '合同已提交');
    },
  );

  r.post(
    P('report'),
    {
      config: access.applicant(),
      schema: { summary: '提交进度报告、中期检查报告或结题报告', tags, body: reportBody, response: { 200: envelope(z.string()) } },
    },
    async (req) => ok(await svc.addReport(ctx, me(req), req.body), '报告已提交'),
  );

  r.get(
    P('org'),
    {
      config: access.applicant(),
      schema: { summary: '我的单位信息', tags, response: { 200: envelope(orgInfo) } },
    },
    async (req) => ok(await svc.getOrg(ctx, me(req))),
  );

  r.post(
    P('org'),
    {
      config: access.applicant(),
      schema: { summary: '保存单位信息', tags, body: orgBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.saveOrg(ctx, me(req), {
        ...req.body,
        creditCode: req.body.creditCode ?? null,
        address: req.body.address ?? null,
        contact: req.body.contact ?? null,
        phone: req.body.phone ?? null,
        intro: req.body.intro ?? null,
      });
      return ok(null, '保存成功');
    },
  );

  r.post(
    P('upload'),
    {
      config: access.applicant(),
      schema: {
        summary: '上传报告附件（仅本人可见，课题管理人员按课题权限查看）',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'file', scope: 'private' });
      return ok(
        { filePath: f.id, fileId: f.id, fileName: f.original_name, size: f.size, mime: f.mime, url: `${P('file')}?fileId=${f.id}` },
        '上传成功',
      );
    },
  );

  r.get(
    P('file'),
    {
      config: access.applicant(),
      schema: { summary: '下载本人上传或本人课题的文件', tags, querystring: fileQuery },
    },
    async (req, reply) => {
      const file = await findFile(ctx.db, req.query.fileId);
      if (!file) throw notFound('文件不存在或已删除');
      const a = req.auth!;
      if (!(await canReadFile(ctx, file, { userCode: a.user.userCode, isAdmin: a.isAdmin, isApplicant: a.isApplicant })))
        throw forbidden('没有权限下载该文件');
      const stream = openBlob(ctx, file);
      if (!stream) throw notFound('文件内容已丢失，请联系管理员');
      reply.header('content-type', file.mime);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`);
      return reply.send(stream);
    },
  );

  // ------------------------------------------------------------------------------------------ public
  r.post(
    `/oa${FWEB_PUBLIC_API}/registerSms`,
    {
      config: access.public(),
      schema: {
        summary: '申报人注册：发送短信验证码（先校验图形验证码）',
        tags,
        body: registerSmsBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.sendRegisterSms(ctx, req.body, req.ip);
      return ok(null, '验证码已发送');
    },
  );

  r.post(
    `/oa${FWEB_PUBLIC_API}/register`,
    {
      config: access.public(),
      schema: { summary: '申报人注册（手机短信验证）', tags, body: registerBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      if (!(await ctx.rateLimiter.hit(`fweb-register:${req.ip}`, 10, 60 * MINUTE)).allowed) throw tooMany('注册过于频繁，请稍后再试');
      await svc.register(ctx, req.body, (trx) =>
        writeAudit(trx, req, { action: 'subject.register', target: req.body.userCode, result: 'ok' }),
      );
      return ok(null, '注册成功，请登录');
    },
  );
}
