import type { Db } from '../../db/database';

/** Names of the departments a sheet's department fields mention (one query). */
export async function deptNamesOf(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('org_dept')
    .select(['dept_code', 'dept_name'])
    .where('dept_code', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}
