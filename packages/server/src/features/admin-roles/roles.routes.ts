import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRole,
  roleByUser,
  roleCodeBody,
  roleCodeQuery,
  roleCreateBody,
  roleFunLink,
  roleFunTree,
  roleFunsBody,
  roleListQuery,
  roleUpdateBody,
  roleUser,
  roleUserListQuery,
  roleUsersBody,
  userCodeOnlyQuery,
} from '@oa/shared/contract/admin-roles';
import { userOption, userOptionQuery } from '@oa/shared/contract/admin';
import { envelope, paged } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit, type AuditEntry, type Trx } from '../../core/audit';
import { auditedGrant } from '../../core/identity/grant-rules';
import { searchUserOptions } from '../../core/identity/user-options';
import * as svc from './roles.service';
import { roleGroupRoutes } from './role-groups.routes';
import { viewerOf } from '../../core/access/visibility';

const nothing = envelope(z.null());

interface Surface {
  platform: svc.Platform;
  perm: string;
  tag: string;
  /** path of each call; the OA platform uses the spec's paths */
  path: {
    list: string;
    role: string;
    roleUser: string;
    roleUserList: string;
    userByRoleList: string;
    roleFunList: string;
    roleFun: string;
    userOptions: string;
  };
}

const OA: Surface = {
  platform: '1',
  perm: 'sys_role',
  tag: '角色授权',
  path: {
    list: '/oa/api/auth/industry/common/rolesList',
    role: '/oa/api/auth/industry/common/roles',
    roleUser: '/oa/api/auth/industry/common/roleUser',
    roleUserList: '/oa/api/auth/industry/common/roleUserList',
    userByRoleList: '/oa/api/auth/industry/common/userByRoleList',
    roleFunList: '/oa/api/auth/industry/common/roleFunList',
    roleFun: '/oa/api/auth/industry/common/roleFun',
    userOptions: '/oa/api/auth/oa/role/userOptions',
  },
};
const M = '/oa/api/auth/oa/memberRole';
const MEMBER: Surface = {
  platform: '4',
  perm: 'sys_member_role',
  tag: '会员角色授权',
  path: {
    list: `${M}/rolesList`,
    role: `${M}/roles`,
    roleUser: `${M}/roleUser`,
    roleUserList: `${M}/roleUserList`,
    userByRoleList: `${M}/userByRoleList`,
    roleFunList: `${M}/roleFunList`,
    roleFun: `${M}/roleFun`,
    userOptions: `${M}/userOptions`,
  },
};

/** Roles, role users and role functions (spec §7 "Roles"); the same calls for the member platform under /oa/memberRole. */
export async function adminRoleRoutes(app: FastifyInstance): Promise<void> {
  for (const s of [OA, MEMBER]) registerSurface(app, s);
  await roleGroupRoutes(app);
}

function registerSurface(app: FastifyInstance, s: Surface): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // 三员分立: reading is the page's; role definitions the system administrator's, grants the security administrator's
  const config = access.perm(s.perm);
  const define = access.perm(`${s.perm}:manage`);
  const grant = access.perm(`${s.perm}:grant`);
  const tags = [s.tag];
  /** Runs a change and writes its audit row in its transaction. */
  const change = <T>(
    req: FastifyRequest,
    action: string,
    target: string,
    run: (trx: Trx) => Promise<T>,
    entry: (out: T) => Pick<AuditEntry, 'detail' | 'before' | 'after'>,
  ) =>
    inChange(db, async (trx) => {
      const out = await run(trx);
      const e = entry(out);
      const detail = { platform: s.platform, ...(e.detail as object | undefined) };
      await writeAudit(trx, req, { action, target, result: 'ok', ...e, detail });
      return out;
    });

  r.get(
    s.path.list,
    { config, schema: { summary: '角色列表（分页）', tags, querystring: roleListQuery, response: { 200: envelope(paged(adminRole)) } } },
    async (req) => ok(await svc.listRoles(db, s.platform, req.query)),
  );

  const get = async (req: FastifyRequest<{ Querystring: z.infer<typeof roleCodeQuery> }>) =>
    ok(await svc.getRole(db, s.platform, req.query.roleCode));
  const insert = async (req: FastifyRequest<{ Body: z.output<typeof roleCreateBody> }>) => {
    await change(
      req,
      'role.create',
      req.body.roleCode,
      (trx) => svc.createRole(trx, s.platform, req.body),
      () => ({ detail: { roleName: req.body.roleName }, after: req.body }),
    );
    return ok(null, '角色已新增');
  };
  const update = async (req: FastifyRequest<{ Body: z.output<typeof roleUpdateBody> }>) => {
    await change(
      req,
      'role.update',
      req.body.roleCode,
      async (trx) => {
        const before = await svc.getRole(trx, s.platform, req.body.roleCode);
        await svc.updateRole(trx, s.platform, req.body);
        return before;
      },
      (before) => ({ detail: { roleName: req.body.roleName }, before, after: req.body }),
    );
    return ok(null, '角色已保存');
  };
  const remove = async (req: FastifyRequest<{ Body: z.infer<typeof roleCodeBody> }>) => {
    await change(
      req,
      'role.delete',
      req.body.roleCode,
      (trx) => svc.deleteRole(trx, s.platform, req.body.roleCode),
      (roleName) => ({ detail: { roleName }, before: { roleName } }),
    );
    return ok(null, '角色已删除');
  };
  const funs = async (req: FastifyRequest<{ Body: z.output<typeof roleFunsBody> }>) => {
    const { roleCode, funCodes } = req.body;
    await auditedGrant(db, req, 'role.functions', roleCode, () =>
      change(
        req,
        'role.functions',
        roleCode,
        (trx) => svc.setRoleFuns(trx, s.platform, roleCode, funCodes, req.auth!.user.userCode),
        (diff) => ({ detail: diff }),
      ),
    );
    return ok(null, '功能授权已保存');
  };
  const roleSchema = { tags, response: { 200: nothing } };
  r.post(s.path.role, { config: define, schema: { ...roleSchema, summary: '新增角色', body: roleCreateBody } }, insert);
  r.put(s.path.role, { config: define, schema: { ...roleSchema, summary: '修改角色', body: roleUpdateBody } }, update);
  r.delete(
    s.path.role,
    { config: define, schema: { ...roleSchema, summary: '删除角色（使用中的角色、内置角色不能删除）', body: roleCodeBody } },
    remove,
  );

  if (s.platform === '1') {
    r.get(
      '/oa/api/auth/base/sysRole/get',
      { config, schema: { summary: '角色详情', tags, querystring: roleCodeQuery, response: { 200: envelope(adminRole) } } },
      get,
    );
    r.post(
      '/oa/api/auth/base/sysRole/insert',
      { config: define, schema: { ...roleSchema, summary: '新增角色', body: roleCreateBody } },
      insert,
    );
    r.put(
      '/oa/api/auth/base/sysRole/update',
      { config: define, schema: { ...roleSchema, summary: '修改角色', body: roleUpdateBody } },
      update,
    );
    r.delete(
      '/oa/api/auth/base/sysRole/delete',
      { config: define, schema: { ...roleSchema, summary: '删除角色', body: roleCodeBody } },
      remove,
    );
    r.get(
      '/oa/api/auth/base/sysRoleFun/getList',
      {
        config,
        schema: {
          summary: '角色已授权的功能（角色编码、功能编码）',
          tags,
          querystring: roleCodeQuery,
          response: { 200: envelope(z.array(roleFunLink)) },
        },
      },
      async (req) => ok(await svc.roleFunLinks(db, s.platform, req.query.roleCode)),
    );
    r.post(
      '/oa/api/auth/base/sysRoleFun/insert',
      { config: grant, schema: { ...roleSchema, summary: '保存角色功能授权（整体替换）', body: roleFunsBody } },
      funs,
    );
    r.get(
      '/oa/api/auth/industry/common/roleListByUser',
      {
        config,
        schema: {
          summary: '用户的角色（直接授予与经角色组授予）',
          tags,
          querystring: userCodeOnlyQuery,
          response: { 200: envelope(z.array(roleByUser)) },
        },
      },
      async (req) => ok(await svc.roleListByUser(db, req.query.userCode)),
    );
  } else {
    r.get(
      `${M}/get`,
      { config, schema: { summary: '会员角色详情', tags, querystring: roleCodeQuery, response: { 200: envelope(adminRole) } } },
      get,
    );
  }

  r.post(s.path.roleUser, { config: grant, schema: { ...roleSchema, summary: '为角色添加用户', body: roleUsersBody } }, async (req) => {
    const { roleCode, userCodes } = req.body;
    await auditedGrant(db, req, 'role.users.add', roleCode, () =>
      change(
        req,
        'role.users.add',
        roleCode,
        (trx) => svc.addRoleUsers(trx, s.platform, roleCode, userCodes, req.auth!.user.userCode),
        () => ({ detail: { userCodes } }),
      ),
    );
    return ok(null, '已添加用户');
  });
  r.delete(s.path.roleUser, { config: grant, schema: { ...roleSchema, summary: '从角色移除用户', body: roleUsersBody } }, async (req) => {
    const { roleCode, userCodes } = req.body;
    const n = await change(
      req,
      'role.users.remove',
      roleCode,
      (trx) => svc.removeRoleUsers(trx, s.platform, roleCode, userCodes, req.auth!.user.userCode),
      (removed) => ({ detail: { userCodes, removed } }),
    );
    return ok(null, n > 0 ? `已移除 ${n} 个用户` : '所选用户经角色组获得该角色，请在角色组中移除');
  });
  r.get(
    s.path.roleUserList,
    {
      config,
      schema: {
        summary: '角色的用户（分页，含经角色组获得者）',
        tags,
        querystring: roleUserListQuery,
        response: { 200: envelope(paged(roleUser)) },
      },
    },
    async (req) => ok(await svc.roleUserList(db, s.platform, req.query)),
  );
  r.get(
    s.path.userByRoleList,
    {
      config,
      schema: { summary: '具有某角色的全部用户', tags, querystring: roleCodeQuery, response: { 200: envelope(z.array(roleUser)) } },
    },
    async (req) => ok(await svc.userByRoleList(db, s.platform, req.query.roleCode)),
  );
  r.get(
    s.path.roleFunList,
    {
      config,
      schema: {
        summary: '角色功能树：本平台全部功能与已勾选的功能编码',
        tags,
        querystring: roleCodeQuery,
        response: { 200: envelope(roleFunTree) },
      },
    },
    async (req) => ok(await svc.roleFunTree(db, s.platform, req.query.roleCode)),
  );
  r.post(s.path.roleFun, { config: grant, schema: { ...roleSchema, summary: '保存角色功能授权（整体替换）', body: roleFunsBody } }, funs);
  r.get(
    s.path.userOptions,
    {
      config: grant,
      schema: {
        summary: '选择用户（按账号、姓名、拼音、手机号搜索）',
        tags,
        querystring: userOptionQuery,
        response: { 200: envelope(z.array(userOption)) },
      },
    },
    async (req) => ok(await searchUserOptions(db, viewerOf(req.auth!), req.query.keyword)),
  );
}
