import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDept, deptCodeBody, deptCreateBody, deptUpdateBody, moveUsersBody } from '@oa/shared/contract/admin';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import * as svc from './depts.service';

const P = '/oa/api/auth/oa/dept';

/** Departments: a tree with order and leader, managed on /user (left tree). */
export async function adminDeptRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = access.perm('sys_user');
  const tags = ['部门管理'];
  const nothing = { 200: envelope(z.null()) };

  r.get(
    `${P}/list`,
    {
      config,
      schema: { summary: '部门（扁平，按 parentCode 组树），含负责人与人数', tags, response: { 200: envelope(z.array(adminDept)) } },
    },
    async () => ok(await svc.listDepts(db)),
  );
  r.post(`${P}/insert`, { config, schema: { summary: '新增部门', tags, body: deptCreateBody, response: nothing } }, async (req) => {
    await inChange(db, async (trx) => {
      await svc.createDept(trx, req.body);
      await writeAudit(trx, req, { action: 'dept.create', target: req.body.deptCode, result: 'ok', after: req.body });
    });
    return ok(null, '部门已新增');
  });
  r.put(
    `${P}/update`,
    { config, schema: { summary: '修改部门（名称、上级、排序、负责人）', tags, body: deptUpdateBody, response: nothing } },
    async (req) => {
      await inChange(db, async (trx) => {
        const before = await svc.updateDept(trx, req.body);
        await writeAudit(trx, req, { action: 'dept.update', target: req.body.deptCode, result: 'ok', before, after: req.body });
      });
      return ok(null, '部门已保存');
    },
  );
  r.delete(
    `${P}/delete`,
    { config, schema: { summary: '删除部门（有用户或下级部门时不能删除）', tags, body: deptCodeBody, response: nothing } },
    async (req) => {
      await inChange(db, async (trx) => {
        const before = await svc.deleteDept(trx, req.body.deptCode);
        const detail = { deptName: before.dept_name };
        await writeAudit(trx, req, { action: 'dept.delete', target: req.body.deptCode, result: 'ok', detail, before });
      });
      return ok(null, '部门已删除');
    },
  );
  r.put(
    `${P}/moveUsers`,
    { config, schema: { summary: '调整用户所属部门', tags, body: moveUsersBody, response: nothing } },
    async (req) => {
      const moved = await inChange(db, async (trx) => {
        const m = await svc.moveUsers(trx, req.body.userCodes, req.body.deptCode);
        await writeAudit(trx, req, { action: 'dept.moveUsers', target: req.body.deptCode, result: 'ok', detail: { moved: m } });
        return m;
      });
      return ok(null, `已调整 ${moved.length} 名用户的部门`);
    },
  );
}
