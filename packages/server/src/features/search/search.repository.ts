import type { Db } from '../../db/database';

/** The permission codes granted to roles (for the reader's search principals). */
export async function permissionCodes(db: Db, roleCodes: readonly string[]): Promise<string[]> {
  if (roleCodes.length === 0) return [];
  const rows = await db
    .selectFrom('sys_role_function')
    .select('fun_code')
    .distinct()
    .where('role_code', 'in', [...roleCodes])
    .execute();
  return rows.map((r) => r.fun_code);
}
