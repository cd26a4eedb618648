import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminUser,
  importResult,
  userCodeQuery,
  userCreateBody,
  userListQuery,
  userResetPasswordBody,
  userStatusBody,
  userUpdateBody,
} from '@oa/shared/contract/admin';
import { passwordHash } from '@oa/shared/contract/auth';
import { envelope, paged } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { badRequest } from '../../lib/errors';
import { auditEvent, inChange, maskSensitive, writeAudit } from '../../core/audit';
import { holdersOfWork } from '../../core/ports/handover-port';
import * as svc from './users.service';
import { importUsers } from './users.import';
import { XLSX_TYPE, attachmentHeader, buildUserWorkbook } from './users.excel';

const P = '/oa/api/auth/oa/user';
const MAX_FILE = 5 * 1024 * 1024;

/** Users of /user: list, create, edit, disable, admin password reset, Excel import and export. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  // Multipart only in this scope, unless someone registered it higher up already.
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(fastifyMultipart, { limits: { fileSize: MAX_FILE, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = access.perm('sys_user');
  const tags = ['用户管理'];
  const nothing = { 200: envelope(z.null()) };

  r.get(
    `${P}/list`,
    {
      config,
      schema: {
        summary: '用户列表（分页；关键字匹配账号、姓名、拼音、手机号、职务）',
        tags,
        querystring: userListQuery,
        response: { 200: envelope(paged(adminUser)) },
      },
    },
    async (req) => ok(await svc.listUsers(db, app.ctx.fieldKeys, req.query, (codes) => holdersOfWork(app.ctx, db, codes))),
  );
  r.get(
    `${P}/get`,
    { config, schema: { summary: '用户详情', tags, querystring: userCodeQuery, response: { 200: envelope(adminUser) } } },
    async (req) => ok(await svc.getUser(db, app.ctx.fieldKeys, req.query.userCode)),
  );
  r.post(
    `${P}/insert`,
    { config, schema: { summary: '新增用户（初始密码为 sm3(sm3(明文))，首次登录须修改）', tags, body: userCreateBody, response: nothing } },
    async (req) => {
      const { password: _password, ...after } = req.body;
      await svc.createUser(db, app.ctx.fieldKeys, req.body, (trx) =>
        writeAudit(trx, req, { action: 'user.create', target: req.body.userCode, result: 'ok', after: maskSensitive(after) }),
      );
      return ok(null, '用户已新增');
    },
  );
  r.put(`${P}/update`, { config, schema: { summary: '修改用户', tags, body: userUpdateBody, response: nothing } }, async (req) => {
    await inChange(db, async (trx) => {
      const before = await svc.updateUser(trx, app.ctx.fieldKeys, req.body);
      const [b, a] = [maskSensitive(before), maskSensitive(req.body)];
      await writeAudit(trx, req, { action: 'user.update', target: req.body.userCode, result: 'ok', before: b, after: a });
    });
    return ok(null, '用户已保存');
  });
  r.put(
    `${P}/status`,
    { config, schema: { summary: '启用 / 停用用户（停用立即吊销其全部会话）', tags, body: userStatusBody, response: nothing } },
    async (req) => {
      await inChange(db, async (trx) => {
        const res = await svc.setStatus(trx, req.body.userCode, req.body.status, req.auth!.user.userCode);
        await writeAudit(trx, req, {
          action: req.body.status === 'N' ? 'user.disable' : 'user.enable',
          target: req.body.userCode,
          result: 'ok',
          detail: res,
          after: { status: req.body.status },
        });
      });
      return ok(null, req.body.status === 'N' ? '用户已停用' : '用户已启用');
    },
  );
  r.put(
    `${P}/resetPassword`,
    {
      config,
      schema: {
        summary: '管理员重置密码（新密码为 sm3(sm3(明文))；用户下次登录须修改）',
        tags,
        body: userResetPasswordBody,
        response: nothing,
      },
    },
    async (req) => {
      const me = { userCode: req.auth!.user.userCode, sessionId: req.auth!.sessionId };
      await svc.resetPassword(db, app.ctx.fieldKeys, req.body.userCode, req.body.password, me, (trx) =>
        writeAudit(trx, req, { action: 'user.resetPassword', target: req.body.userCode, result: 'ok' }),
      );
      return ok(null, '密码已重置，用户下次登录时须修改密码');
    },
  );

  r.post(
    `${P}/import`,
    {
      config,
      schema: {
        summary: 'Excel 导入用户（multipart：file 为 .xlsx，password 为初始密码 sm3(sm3(明文))）；逐行校验，有效行一次写入',
        tags,
        response: { 200: envelope(importResult.nullable()) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请上传 Excel 文件（multipart/form-data）', 'file');
      let file: Buffer | null = null;
      let password: string | null = null;
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          file = await part.toBuffer();
          if (part.file.truncated || file.length > MAX_FILE) throw badRequest('文件过大（不超过 5 MB）', 'file');
        } else if (part.fieldname === 'password' && typeof part.value === 'string') password = part.value;
      }
      if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const pw = passwordHash.safeParse(password);
      if (!pw.success) throw badRequest('请输入初始密码', 'password');
      const result = await importUsers(db, app.ctx.fieldKeys, file, pw.data, (trx, detail) =>
        writeAudit(trx, req, { action: 'user.import', result: 'ok', detail }),
      );
      // nothing valid: nothing changed, the attempt is still audited
      if (!result.imported)
        await auditEvent(db, req, { action: 'user.import', result: 'ok', detail: { imported: 0, errors: result.errors.length } });
      return ok(
        result,
        result.errors.length ? `已导入 ${result.imported} 个用户，${result.errors.length} 行有错误` : `已导入 ${result.imported} 个用户`,
      );
    },
  );

  const exportQuery = userListQuery.omit({ pageNumber: true, pageSize: true });
  r.get(
    `${P}/export`,
    { config, schema: { summary: '导出用户（.xlsx，条件同列表）', tags, querystring: exportQuery } },
    async (req, reply) => {
      const rows = await svc.exportRows(db, app.ctx.fieldKeys, req.query);
      await auditEvent(db, req, { action: 'user.export', result: 'ok', detail: { rows: rows.length } });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader('用户列表.xlsx', 'users.xlsx'))
        .send(await buildUserWorkbook(rows));
    },
  );
  r.get(`${P}/template`, { config, schema: { summary: '用户导入模板（.xlsx）', tags } }, async (_req, reply) =>
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentHeader('用户导入模板.xlsx', 'user-template.xlsx'))
      .send(await buildUserWorkbook([])),
  );
}
