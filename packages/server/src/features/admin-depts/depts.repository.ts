import type { Db } from '../../db/database';
import type { DeptTable } from '../../db/schema/system';

/** All SQL of departments. */
export async function listDepts(db: Db) {
  const rows = await db
    .selectFrom('org_dept as d')
    .leftJoin('sys_user as l', 'l.user_code', 'd.leader_user_code')
    .select(['d.dept_code', 'd.dept_name', 'd.parent_code', 'd.sort_no', 'd.leader_user_code', 'l.user_name as leader_name'])
    .orderBy('d.sort_no')
    .orderBy('d.dept_code')
    .execute();
  const counts = await db
    .selectFrom('sys_user')
    .select(['dept_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('dept_code', 'is not', null)
    .groupBy('dept_code')
    .execute();
  const byDept = new Map(counts.map((c) => [c.dept_code, Number(c.n)]));
  return rows.map((r) => ({ ...r, user_count: byDept.get(r.dept_code) ?? 0 }));
}

export async function findDept(db: Db, deptCode: string) {
  return db.selectFrom('org_dept').selectAll().where('dept_code', '=', deptCode).executeTakeFirst();
}

export async function allDeptLinks(db: Db) {
  return db.selectFrom('org_dept').select(['dept_code', 'parent_code']).execute();
}

export async function userExists(db: Db, userCode: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst());
}

export async function insertDept(db: Db, row: DeptTable): Promise<void> {
  await db.insertInto('org_dept').values(row).execute();
}

export async function updateDept(
  db: Db,
  deptCode: string,
  v: Pick<DeptTable, 'dept_name' | 'parent_code' | 'sort_no' | 'leader_user_code'>,
): Promise<void> {
  await db.updateTable('org_dept').set(v).where('dept_code', '=', deptCode).execute();
}

export async function deptUsage(db: Db, deptCode: string) {
  const u = await db
    .selectFrom('sys_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dept_code', '=', deptCode)
    .executeTakeFirstOrThrow();
  const c = await db
    .selectFrom('org_dept')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_code', '=', deptCode)
    .executeTakeFirstOrThrow();
  return { users: Number(u.n), children: Number(c.n) };
}

export async function deleteDept(db: Db, deptCode: string): Promise<void> {
  await db.deleteFrom('org_dept').where('dept_code', '=', deptCode).execute();
}

export async function existingUsers(db: Db, userCodes: readonly string[]) {
  return db
    .selectFrom('sys_user')
    .select(['user_code', 'dept_code'])
    .where('user_code', 'in', [...userCodes])
    .execute();
}

export async function moveUsers(db: Db, userCodes: readonly string[], deptCode: string, at: string): Promise<number> {
  const res = await db
    .updateTable('sys_user')
    .set({ dept_code: deptCode, updated_at: at })
    .where('user_code', 'in', [...userCodes])
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
