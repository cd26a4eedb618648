import type { Kysely } from 'kysely';
import { SEPARATED_ADMINS, RESERVED_FUNCTIONS, separatedAdminFunctions } from '@oa/shared/access/three-admins';
import { addMissingFunctions, type OaMigration } from './migration-kit';

/**
 * 三员分立 for a database seeded before it: the grant and definition keys of the role pages and the 等保自查 page
 * (rows frozen as the seed writes them today), the security and audit administrator roles with the functions their
 * declaration (`@oa/shared/access/three-admins`, the one split the seed and the tests use too) gives them, and no
 * other role keeps a function reserved to one of them. Nobody is given the new roles: the demo accounts come only
 * with the demo seed. A database without a menu (empty, not yet seeded) is left alone.
 */
const KEYS = [
  { fun_code: 'sys_role:manage', fun_name: '角色授权-角色维护', parent_code: 'sys_role', sort_no: 1 },
  { fun_code: 'sys_role:grant', fun_name: '角色授权-授权', parent_code: 'sys_role', sort_no: 2 },
  { fun_code: 'sys_member_role:manage', fun_name: '会员角色授权-角色维护', parent_code: 'sys_member_role', sort_no: 1 },
  { fun_code: 'sys_member_role:grant', fun_name: '会员角色授权-授权', parent_code: 'sys_member_role', sort_no: 2 },
].map((k) => ({ ...k, router: null, icon: null, key: true }));
const PAGE = {
  fun_code: 'sys_compliance',
  fun_name: '等保自查',
  parent_code: 'sys',
  router: '/compliance',
  sort_no: 100,
  icon: 'AuditOutlined',
};

export const m112ThreeAdmins: OaMigration = {
  name: '112-three-admins',
  async up(db: Kysely<any>) {
    if (!(await db.selectFrom('sys_function').select('fun_code').where('fun_code', '=', 'sys').executeTakeFirst())) return;
    await addMissingFunctions(db, [...KEYS, PAGE]);

    const roles = new Set((await db.selectFrom('sys_role').select('role_code').execute()).map((r) => r.role_code as string));
    const last = await db
      .selectFrom('sys_role')
      .select((eb) => eb.fn.max('sort_no').as('n'))
      .executeTakeFirst();
    const at = new Date().toISOString();
    let sort = Number(last?.n ?? 0);
    const newRoles = SEPARATED_ADMINS.filter((a) => !roles.has(a.roleCode));
    if (newRoles.length)
      await db
        .insertInto('sys_role')
        .values(
          newRoles.map((a) => ({
            role_code: a.roleCode,
            role_name: a.roleName,
            remark: a.remark,
            sort_no: ++sort,
            platform_code: '1',
            created_at: at,
          })),
        )
        .execute();

    const functions = new Set((await db.selectFrom('sys_function').select('fun_code').execute()).map((r) => r.fun_code as string));
    for (const a of SEPARATED_ADMINS) {
      const held = new Set(
        (await db.selectFrom('sys_role_function').select('fun_code').where('role_code', '=', a.roleCode).execute()).map(
          (r) => r.fun_code as string,
        ),
      );
      const grants = separatedAdminFunctions(a).filter((f) => functions.has(f) && !held.has(f));
      if (grants.length)
        await db
          .insertInto('sys_role_function')
          .values(grants.map((fun_code) => ({ role_code: a.roleCode, fun_code })))
          .execute();
    }
    for (const [fun, holder] of RESERVED_FUNCTIONS)
      await db.deleteFrom('sys_role_function').where('fun_code', '=', fun).where('role_code', '<>', holder).execute();
  },
};
