import type { Db } from '../../db/database';
import type { FunctionTable } from '../../db/schema/system';

/** All SQL of the function (menu) tree. */
export async function listFunctions(db: Db, platform: string) {
  return db.selectFrom('sys_function').selectAll().where('platform_code', '=', platform).orderBy('sort_no').orderBy('fun_code').execute();
}

export async function findFunction(db: Db, funCode: string) {
  return db.selectFrom('sys_function').selectAll().where('fun_code', '=', funCode).executeTakeFirst();
}

export async function countChildren(db: Db, funCode: string): Promise<number> {
  const row = await db
    .selectFrom('sys_function')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_code', '=', funCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countGrants(db: Db, funCode: string): Promise<number> {
  const row = await db
    .selectFrom('sys_role_function')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('fun_code', '=', funCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFunction(db: Db, row: FunctionTable): Promise<void> {
  await db.insertInto('sys_function').values(row).execute();
}

export async function updateFunction(db: Db, funCode: string, v: Omit<FunctionTable, 'fun_code' | 'platform_code'>): Promise<void> {
  await db.updateTable('sys_function').set(v).where('fun_code', '=', funCode).execute();
}

export async function deleteFunction(db: Db, funCode: string): Promise<void> {
  await db.deleteFrom('sys_role_function').where('fun_code', '=', funCode).execute();
  await db.deleteFrom('sys_function').where('fun_code', '=', funCode).execute();
}

export async function placeFunction(db: Db, funCode: string, parentCode: string | null, sortNo: number): Promise<void> {
  await db.updateTable('sys_function').set({ parent_code: parentCode, sort_no: sortNo }).where('fun_code', '=', funCode).execute();
}
