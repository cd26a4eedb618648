import type { FastifyInstance } from 'fastify';
import { registerColumnGrantHandover } from './handover.source';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnCodeQuery, columnGrantBody, columnUser, infoColumn, userOption, userOptionQuery } from '@oa/shared/contract/admin';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { searchUserOptions } from '../../core/identity/user-options';
import * as svc from './column-auth.service';
import { viewerOf } from '../../core/access/visibility';

const P = '/oa/api/auth/oa/columnAuth';

/** /information/columnUserAuth: which users may publish in which information column. */
export async function adminColumnAuthRoutes(app: FastifyInstance): Promise<void> {
  registerColumnGrantHandover(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = access.perm('sys_column_auth');
  const tags = ['栏目用户授权'];
  const nothing = { 200: envelope(z.null()) };

  r.get(
    `${P}/columns`,
    { config, schema: { summary: '信息栏目（含已授权人数）', tags, response: { 200: envelope(z.array(infoColumn)) } } },
    async () => ok(await svc.listColumns(db)),
  );
  r.get(
    `${P}/users`,
    {
      config,
      schema: { summary: '可在该栏目发布信息的用户', tags, querystring: columnCodeQuery, response: { 200: envelope(z.array(columnUser)) } },
    },
    async (req) => ok(await svc.columnUsers(db, req.query.columnCode)),
  );
  r.post(
    `${P}/grant`,
    { config, schema: { summary: '授权用户在栏目发布', tags, body: columnGrantBody, response: nothing } },
    async (req) => {
      await inChange(db, async (trx) => {
        await svc.grant(trx, req.body.columnCode, req.body.userCodes);
        await writeAudit(trx, req, {
          action: 'column.grant',
          target: req.body.columnCode,
          result: 'ok',
          detail: { userCodes: req.body.userCodes },
        });
      });
      return ok(null, '已授权');
    },
  );
  r.delete(
    `${P}/grant`,
    { config, schema: { summary: '取消用户的栏目发布授权', tags, body: columnGrantBody, response: nothing } },
    async (req) => {
      const n = await inChange(db, async (trx) => {
        const n = await svc.revoke(trx, req.body.columnCode, req.body.userCodes);
        await writeAudit(trx, req, {
          action: 'column.revoke',
          target: req.body.columnCode,
          result: 'ok',
          detail: { userCodes: req.body.userCodes, removed: n },
        });
        return n;
      });
      return ok(null, `已取消 ${n} 个用户的授权`);
    },
  );
  r.get(
    `${P}/userOptions`,
    { config, schema: { summary: '选择用户', tags, querystring: userOptionQuery, response: { 200: envelope(z.array(userOption)) } } },
    async (req) => ok(await searchUserOptions(db, viewerOf(req.auth!), req.query.keyword)),
  );
  r.get(
    `${P}/myColumns`,
    {
      config: access.login(),
      schema: {
        summary: '当前用户可发布信息的栏目',
        tags,
        response: { 200: envelope(z.array(z.object({ columnCode: z.string(), columnName: z.string() }))) },
      },
    },
    async (req) => ok(await svc.myColumns(db, req.auth!.user.userCode)),
  );
}
