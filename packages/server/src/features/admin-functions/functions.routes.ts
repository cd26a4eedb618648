import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { functionItem } from '@oa/shared/contract/auth';
import { funCodeBody, functionCreateBody, functionSortBody, functionUpdateBody, menuVersion } from '@oa/shared/contract/admin-roles';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { readMenuVersion } from '../../core/identity/menu-version';
import * as svc from './functions.service';

const SURFACES: Array<{ platform: svc.Platform; perm: string; prefix: string; tag: string }> = [
  { platform: '1', perm: 'sys_function', prefix: '/oa/api/auth/oa/function', tag: '功能管理' },
  { platform: '4', perm: 'sys_member_function', prefix: '/oa/api/auth/oa/memberFunction', tag: '会员功能管理' },
];

/** The function tree editors of /function and /memberFunction, and the menu version every client polls. */
export async function adminFunctionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const nothing = { 200: envelope(z.null()) };

  r.get(
    '/oa/api/auth/base/system/menuVersion',
    {
      config: access.login(),
      schema: {
        summary: '菜单版本：角色、授权或功能变化后改变，前端据此在下次导航时重新加载菜单',
        tags: ['菜单'],
        response: { 200: envelope(menuVersion) },
      },
    },
    async () => ok({ version: await readMenuVersion(db) }),
  );

  for (const s of SURFACES) {
    const config = access.perm(s.perm);
    const tags = [s.tag];
    const detail = (d: object) => ({ platform: s.platform, ...d });
    r.get(
      `${s.prefix}/list`,
      {
        config,
        schema: { summary: '功能树（扁平，按 parentCode 组树，按 sortNo 排序）', tags, response: { 200: envelope(z.array(functionItem)) } },
      },
      async () => ok(await svc.listFunctions(db, s.platform)),
    );
    r.post(
      `${s.prefix}/insert`,
      { config, schema: { summary: '新增功能', tags, body: functionCreateBody, response: nothing } },
      async (req) => {
        await inChange(db, async (trx) => {
          await svc.createFunction(trx, s.platform, req.body);
          await writeAudit(trx, req, { action: 'function.create', target: req.body.funCode, result: 'ok', detail: detail(req.body) });
        });
        return ok(null, '功能已新增');
      },
    );
    r.put(
      `${s.prefix}/update`,
      { config, schema: { summary: '修改功能', tags, body: functionUpdateBody, response: nothing } },
      async (req) => {
        await inChange(db, async (trx) => {
          const before = (await svc.listFunctions(trx, s.platform)).find((f) => f.funCode === req.body.funCode);
          await svc.updateFunction(trx, s.platform, req.body);
          const e = { target: req.body.funCode, detail: detail(req.body), before, after: req.body };
          await writeAudit(trx, req, { action: 'function.update', result: 'ok', ...e });
        });
        return ok(null, '功能已保存');
      },
    );
    r.delete(
      `${s.prefix}/delete`,
      { config, schema: { summary: '删除功能（有下级功能时不能删除；同时撤销其授权）', tags, body: funCodeBody, response: nothing } },
      async (req) => {
        await inChange(db, async (trx) => {
          const d = await svc.deleteFunction(trx, s.platform, req.body.funCode);
          await writeAudit(trx, req, { action: 'function.delete', target: req.body.funCode, result: 'ok', detail: detail(d) });
        });
        return ok(null, '功能已删除');
      },
    );
    r.put(
      `${s.prefix}/sort`,
      { config, schema: { summary: '拖动排序：把功能按顺序放到指定上级之下', tags, body: functionSortBody, response: nothing } },
      async (req) => {
        await inChange(db, async (trx) => {
          await svc.sortFunctions(trx, s.platform, req.body);
          await writeAudit(trx, req, {
            action: 'function.sort',
            target: req.body.parentCode ?? '(root)',
            result: 'ok',
            detail: detail(req.body),
          });
        });
        return ok(null, '排序已保存');
      },
    );
  }
}
