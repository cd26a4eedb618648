import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleGroup, roleGroupCodeBody, roleGroupCreateBody, roleGroupUpdateBody } from '@oa/shared/contract/admin-roles';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { auditedGrant } from '../../core/identity/grant-rules';
import * as svc from './role-groups.service';

const P = '/oa/api/auth/industry/common/roleGroup';

/** Role groups (spec §7): roleGroupList, roleGroup POST / PUT / DELETE. */
export async function roleGroupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = access.perm('sys_role');
  // a role group gives roles to users: a grant (三员分立)
  const grant = access.perm('sys_role:grant');
  const tags = ['角色授权'];
  const nothing = { 200: envelope(z.null()) };

  r.get(
    `${P}List`,
    { config, schema: { summary: '角色组列表（含角色与用户）', tags, response: { 200: envelope(z.array(roleGroup)) } } },
    async () => ok(await svc.listGroups(db)),
  );
  r.post(P, { config: grant, schema: { summary: '新增角色组', tags, body: roleGroupCreateBody, response: nothing } }, async (req) => {
    const me = req.auth!.user.userCode;
    await auditedGrant(db, req, 'roleGroup.create', req.body.groupCode, () =>
      inChange(db, async (trx) => {
        await svc.createGroup(trx, req.body, me);
        await writeAudit(trx, req, { action: 'roleGroup.create', target: req.body.groupCode, result: 'ok', after: req.body });
      }),
    );
    return ok(null, '角色组已新增');
  });
  r.put(
    P,
    { config: grant, schema: { summary: '修改角色组（整体替换角色与用户）', tags, body: roleGroupUpdateBody, response: nothing } },
    async (req) => {
      const me = req.auth!.user.userCode;
      await auditedGrant(db, req, 'roleGroup.update', req.body.groupCode, () =>
        inChange(db, async (trx) => {
          const before = (await svc.listGroups(trx)).find((g) => g.groupCode === req.body.groupCode);
          await svc.updateGroup(trx, req.body, me);
          await writeAudit(trx, req, { action: 'roleGroup.update', target: req.body.groupCode, result: 'ok', before, after: req.body });
        }),
      );
      return ok(null, '角色组已保存');
    },
  );
  r.delete(P, { config: grant, schema: { summary: '删除角色组', tags, body: roleGroupCodeBody, response: nothing } }, async (req) => {
    await inChange(db, async (trx) => {
      const before = (await svc.listGroups(trx)).find((g) => g.groupCode === req.body.groupCode);
      const name = await svc.deleteGroup(trx, req.body.groupCode);
      await writeAudit(trx, req, {
        action: 'roleGroup.delete',
        target: req.body.groupCode,
        result: 'ok',
        detail: { groupName: name },
        before,
      });
    });
    return ok(null, '角色组已删除');
  });
}
