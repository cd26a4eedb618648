import type { Db } from '../../db/database';

/** The roles with their two-factor policy, active holders (direct and through groups) and how many of them enrolled. */
export async function rolePolicies(db: Db) {
  const members = db
    .selectFrom('sys_user_role')
    .select(['role_code', 'user_code'])
    .union(
      db
        .selectFrom('sys_role_group_user as gu')
        .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
        .select(['gr.role_code', 'gu.user_code']),
    );
  const counts = await db
    .selectFrom(members.as('m'))
    .innerJoin('sys_user as u', 'u.user_code', 'm.user_code')
    .leftJoin('sys_two_factor as t', 't.user_code', 'm.user_code')
    .where('u.status', '=', 'Y')
    .select((eb) => [
      'm.role_code',
      eb.fn.count<number>('m.user_code').as('holders'),
      eb.fn.count<number>('t.secret_sealed').as('enrolled'),
    ])
    .groupBy('m.role_code')
    .execute();
  const roles = await db
    .selectFrom('sys_role as r')
    .leftJoin('sys_two_factor_role as p', 'p.role_code', 'r.role_code')
    .select(['r.role_code', 'r.role_name', 'p.required'])
    .where('r.platform_code', '=', '1')
    .orderBy('r.sort_no')
    .orderBy('r.role_code')
    .execute();
  const byRole = new Map(counts.map((c) => [c.role_code, c]));
  return roles.map((r) => ({
    roleCode: r.role_code,
    roleName: r.role_name,
    required: r.required === 'Y',
    holders: Number(byRole.get(r.role_code)?.holders ?? 0),
    enrolled: Number(byRole.get(r.role_code)?.enrolled ?? 0),
  }));
}

export const roleExists = (db: Db, roleCode: string) =>
  db.selectFrom('sys_role').select('role_name').where('role_code', '=', roleCode).executeTakeFirst();

export async function setRolePolicy(db: Db, roleCode: string, required: boolean, by: string, at: string): Promise<void> {
  const row = { role_code: roleCode, required: required ? 'Y' : 'N', updated_at: at, updated_by: by };
  await db
    .insertInto('sys_two_factor_role')
    .values(row)
    .onConflict((oc) => oc.column('role_code').doUpdateSet({ required: row.required, updated_at: at, updated_by: by }))
    .execute();
}

export async function countEnrolled(db: Db): Promise<number> {
  const r = await db
    .selectFrom('sys_two_factor')
    .select((eb) => eb.fn.count<number>('user_code').as('n'))
    .where('secret_sealed', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
