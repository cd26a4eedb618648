import type { Db } from '../../db/database';
import type { RoleTable } from '../../db/schema/system';
import { containsPattern } from '../../db/like';

/** All SQL of roles, role users and role functions. */
export async function findRole(db: Db, roleCode: string) {
  return db.selectFrom('sys_role').selectAll().where('role_code', '=', roleCode).executeTakeFirst();
}

export async function listRoles(db: Db, platform: string, keyword?: string) {
  let q = db.selectFrom('sys_role').selectAll().where('platform_code', '=', platform);
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('role_code', 'like', like), eb('role_name', 'like', like)]));
  }
  return q.orderBy('sort_no').orderBy('role_code').execute();
}

export async function countsByRole(db: Db, roleCodes: string[]) {
  if (roleCodes.length === 0) return { users: new Map<string, number>(), funs: new Map<string, number>() };
  const users = await db
    .selectFrom('sys_user_role')
    .select(['role_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_code', 'in', roleCodes)
    .groupBy('role_code')
    .execute();
  const funs = await db
    .selectFrom('sys_role_function')
    .select(['role_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_code', 'in', roleCodes)
    .groupBy('role_code')
    .execute();
  return {
    users: new Map(users.map((r) => [r.role_code, Number(r.n)])),
    funs: new Map(funs.map((r) => [r.role_code, Number(r.n)])),
  };
}

export async function insertRole(db: Db, row: RoleTable): Promise<void> {
  await db.insertInto('sys_role').values(row).execute();
}

export async function updateRole(db: Db, roleCode: string, v: Pick<RoleTable, 'role_name' | 'remark' | 'sort_no'>): Promise<void> {
  await db.updateTable('sys_role').set(v).where('role_code', '=', roleCode).execute();
}

/** How a role is in use: direct holders and role groups containing it. */
export async function roleUsage(db: Db, roleCode: string) {
  const u = await db
    .selectFrom('sys_user_role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_code', '=', roleCode)
    .executeTakeFirstOrThrow();
  const g = await db
    .selectFrom('sys_role_group_role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_code', '=', roleCode)
    .executeTakeFirstOrThrow();
  return { users: Number(u.n), groups: Number(g.n) };
}

export async function deleteRole(db: Db, roleCode: string): Promise<number> {
  await db.deleteFrom('sys_role_function').where('role_code', '=', roleCode).execute();
  const res = await db.deleteFrom('sys_role').where('role_code', '=', roleCode).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function existingUserCodes(db: Db, userCodes: readonly string[]): Promise<Set<string>> {
  if (userCodes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where('user_code', 'in', [...userCodes])
    .execute();
  return new Set(rows.map((r) => r.user_code));
}

export async function addRoleUsers(db: Db, roleCode: string, userCodes: readonly string[]): Promise<void> {
  await db
    .insertInto('sys_user_role')
    .values(userCodes.map((user_code) => ({ user_code, role_code: roleCode })))
    .onConflict((oc) => oc.columns(['user_code', 'role_code']).doNothing())
    .execute();
}

export async function removeRoleUsers(db: Db, roleCode: string, userCodes: readonly string[]): Promise<number> {
  const res = await db
    .deleteFrom('sys_user_role')
    .where('role_code', '=', roleCode)
    .where('user_code', 'in', [...userCodes])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Holders of a role, directly ('direct') and through role groups (the group's name). */
export async function roleHolders(db: Db, roleCode: string) {
  const base = db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.mobile', 'u.status', 'u.sort_no', 'd.dept_name', 'u.pinyin', 'u.pinyin_initials']);
  const direct = await base.innerJoin('sys_user_role as ur', 'ur.user_code', 'u.user_code').where('ur.role_code', '=', roleCode).execute();
  const grouped = await base
    .innerJoin('sys_role_group_user as gu', 'gu.user_code', 'u.user_code')
    .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
    .innerJoin('sys_role_group as g', 'g.group_code', 'gu.group_code')
    .select('g.group_name')
    .where('gr.role_code', '=', roleCode)
    .execute();
  return [...direct.map((r) => ({ ...r, via: 'direct' })), ...grouped.map((r) => ({ ...r, via: r.group_name }))];
}

/** Roles of a user, directly and through role groups. */
export async function rolesOfUser(db: Db, userCode: string) {
  const direct = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.role_code', 'ur.role_code')
    .select(['r.role_code', 'r.role_name', 'r.platform_code', 'r.sort_no'])
    .where('ur.user_code', '=', userCode)
    .execute();
  const grouped = await db
    .selectFrom('sys_role_group_user as gu')
    .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
    .innerJoin('sys_role_group as g', 'g.group_code', 'gu.group_code')
    .innerJoin('sys_role as r', 'r.role_code', 'gr.role_code')
    .select(['r.role_code', 'r.role_name', 'r.platform_code', 'r.sort_no', 'g.group_name'])
    .where('gu.user_code', '=', userCode)
    .execute();
  return [...direct.map((r) => ({ ...r, via: 'direct' })), ...grouped.map((r) => ({ ...r, via: r.group_name }))];
}

export async function functionsOfPlatform(db: Db, platform: string) {
  return db.selectFrom('sys_function').selectAll().where('platform_code', '=', platform).orderBy('sort_no').orderBy('fun_code').execute();
}

export async function roleFunCodes(db: Db, roleCode: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_role_function').select('fun_code').where('role_code', '=', roleCode).orderBy('fun_code').execute();
  return rows.map((r) => r.fun_code);
}

export async function replaceRoleFuns(db: Db, roleCode: string, funCodes: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_role_function').where('role_code', '=', roleCode).execute();
  for (let i = 0; i < funCodes.length; i += 500) {
    await db
      .insertInto('sys_role_function')
      .values(funCodes.slice(i, i + 500).map((fun_code) => ({ role_code: roleCode, fun_code })))
      .execute();
  }
}
