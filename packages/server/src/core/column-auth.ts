import type { Db } from '../db/database';

/** Whether a user may publish in an information column (granted on /information/columnUserAuth). */
export async function canPublishInColumn(db: Db, userCode: string, columnCode: string): Promise<boolean> {
  const row = await db.selectFrom('sys_column_user').select('user_code')
    .where('column_code', '=', columnCode).where('user_code', '=', userCode).executeTakeFirst();
  return !!row;
}

/** The column codes a user may publish in. */
export async function publishableColumns(db: Db, userCode: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_column_user').select('column_code').where('user_code', '=', userCode).orderBy('column_code').execute();
  return rows.map((r) => r.column_code);
}
