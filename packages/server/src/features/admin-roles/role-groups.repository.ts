import type { Db } from '../../db/database';
import type { RoleGroupTable } from '../../db/schema/system';

/** All SQL of role groups (a named set of roles given to a set of users). */
export async function findGroup(db: Db, groupCode: string) {
  return db.selectFrom('sys_role_group').selectAll().where('group_code', '=', groupCode).executeTakeFirst();
}

export async function listGroups(db: Db) {
  const groups = await db.selectFrom('sys_role_group').selectAll().orderBy('group_code').execute();
  const roles = await db
    .selectFrom('sys_role_group_role as gr')
    .innerJoin('sys_role as r', 'r.role_code', 'gr.role_code')
    .select(['gr.group_code', 'r.role_code', 'r.role_name'])
    .orderBy('r.sort_no')
    .execute();
  const users = await db
    .selectFrom('sys_role_group_user as gu')
    .innerJoin('sys_user as u', 'u.user_code', 'gu.user_code')
    .select(['gu.group_code', 'u.user_code', 'u.user_name'])
    .orderBy('u.sort_no')
    .execute();
  return groups.map((g) => ({
    ...g,
    roles: roles.filter((r) => r.group_code === g.group_code).map((r) => ({ roleCode: r.role_code, roleName: r.role_name })),
    users: users.filter((u) => u.group_code === g.group_code).map((u) => ({ userCode: u.user_code, userName: u.user_name })),
  }));
}

export async function existingRoleCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_role')
    .select('role_code')
    .where('role_code', 'in', [...codes])
    .execute();
  return new Set(rows.map((r) => r.role_code));
}

export async function insertGroup(db: Db, row: RoleGroupTable): Promise<void> {
  await db.insertInto('sys_role_group').values(row).execute();
}

export async function updateGroup(db: Db, groupCode: string, v: Pick<RoleGroupTable, 'group_name' | 'remark'>): Promise<void> {
  await db.updateTable('sys_role_group').set(v).where('group_code', '=', groupCode).execute();
}

/** Replaces a group's roles and users. */
export async function setGroupMembers(
  db: Db,
  groupCode: string,
  roleCodes: readonly string[],
  userCodes: readonly string[],
): Promise<void> {
  await db.deleteFrom('sys_role_group_role').where('group_code', '=', groupCode).execute();
  await db.deleteFrom('sys_role_group_user').where('group_code', '=', groupCode).execute();
  if (roleCodes.length)
    await db
      .insertInto('sys_role_group_role')
      .values(roleCodes.map((role_code) => ({ group_code: groupCode, role_code })))
      .execute();
  for (let i = 0; i < userCodes.length; i += 500) {
    await db
      .insertInto('sys_role_group_user')
      .values(userCodes.slice(i, i + 500).map((user_code) => ({ group_code: groupCode, user_code })))
      .execute();
  }
}

export async function deleteGroup(db: Db, groupCode: string): Promise<number> {
  await db.deleteFrom('sys_role_group_role').where('group_code', '=', groupCode).execute();
  await db.deleteFrom('sys_role_group_user').where('group_code', '=', groupCode).execute();
  const res = await db.deleteFrom('sys_role_group').where('group_code', '=', groupCode).executeTakeFirst();
  return Number(res.numDeletedRows);
}
