import type { Db } from '../../db/database';

/** Every (account, role) held, directly or through a role group, as a subquery `p` (user_code, role_code). */
function heldRoles(db: Db) {
  return db
    .selectFrom('sys_user_role')
    .select(['user_code', 'role_code'])
    .union(
      db
        .selectFrom('sys_role_group_user as gu')
        .innerJoin('sys_role_group_role as gr', 'gr.group_code', 'gu.group_code')
        .select(['gu.user_code', 'gr.role_code']),
    )
    .as('p');
}

/** The roles each of `userCodes` holds, given directly and through role groups (users without a role are absent). */
export async function effectiveRoles(db: Db, userCodes: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (userCodes.length === 0) return out;
  const rows = await db
    .selectFrom(heldRoles(db))
    .select(['p.user_code', 'p.role_code'])
    .where('p.user_code', 'in', [...userCodes])
    .execute();
  for (const r of rows) out.set(r.user_code, (out.get(r.user_code) ?? new Set()).add(r.role_code));
  return out;
}

/** The accounts holding any of the roles, directly or through a role group. */
export async function holdersOf(db: Db, roleCodes: readonly string[]): Promise<string[]> {
  if (roleCodes.length === 0) return [];
  const rows = await db
    .selectFrom(heldRoles(db))
    .select('p.user_code')
    .distinct()
    .where('p.role_code', 'in', [...roleCodes])
    .execute();
  return rows.map((r) => r.user_code);
}

/** How many accounts hold each role, directly or through a role group (enabled accounts only). */
export async function roleHolderCounts(db: Db, roleCodes: readonly string[]): Promise<Map<string, number>> {
  if (roleCodes.length === 0) return new Map();
  const rows = await db
    .selectFrom(heldRoles(db))
    .innerJoin('sys_user as u', 'u.user_code', 'p.user_code')
    .where('u.status', '=', 'Y')
    .where('p.role_code', 'in', [...roleCodes])
    .select(['p.role_code', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('p.role_code')
    .execute();
  return new Map(rows.map((r) => [r.role_code, Number(r.n)]));
}
