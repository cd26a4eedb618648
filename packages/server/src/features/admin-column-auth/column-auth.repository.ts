import type { Db } from '../../db/database';

/** All SQL of information columns and publishing grants. */
export async function listColumns(db: Db) {
  const cols = await db.selectFrom('info_column').selectAll().orderBy('sort_no').orderBy('column_code').execute();
  const counts = await db
    .selectFrom('sys_column_user')
    .select(['column_code', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('column_code')
    .execute();
  const by = new Map(counts.map((c) => [c.column_code, Number(c.n)]));
  return cols.map((c) => ({ ...c, user_count: by.get(c.column_code) ?? 0 }));
}

export async function findColumn(db: Db, columnCode: string) {
  return db.selectFrom('info_column').selectAll().where('column_code', '=', columnCode).executeTakeFirst();
}

export async function columnUsers(db: Db, columnCode: string) {
  return db
    .selectFrom('sys_column_user as cu')
    .innerJoin('sys_user as u', 'u.user_code', 'cu.user_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'd.dept_name', 'cu.granted_at'])
    .where('cu.column_code', '=', columnCode)
    .orderBy('u.sort_no')
    .orderBy('u.user_code')
    .execute();
}

export async function existingUsers(db: Db, userCodes: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where('user_code', 'in', [...userCodes])
    .execute();
  return new Set(rows.map((r) => r.user_code));
}

export async function grant(db: Db, columnCode: string, userCodes: readonly string[], at: string): Promise<void> {
  await db
    .insertInto('sys_column_user')
    .values(userCodes.map((user_code) => ({ column_code: columnCode, user_code, granted_at: at })))
    .onConflict((oc) => oc.columns(['column_code', 'user_code']).doNothing())
    .execute();
}

export async function revoke(db: Db, columnCode: string, userCodes: readonly string[]): Promise<number> {
  const res = await db
    .deleteFrom('sys_column_user')
    .where('column_code', '=', columnCode)
    .where('user_code', 'in', [...userCodes])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function columnsOfUser(db: Db, userCode: string) {
  return db
    .selectFrom('sys_column_user as cu')
    .innerJoin('info_column as c', 'c.column_code', 'cu.column_code')
    .select(['c.column_code', 'c.column_name', 'c.sort_no'])
    .where('cu.user_code', '=', userCode)
    .orderBy('c.sort_no')
    .execute();
}
