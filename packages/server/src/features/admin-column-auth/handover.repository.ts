import type { Db } from '../../db/database';

/** The hand-over's SQL for column grants: the successor gets every column the person may publish in. */
export const grantsOf = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('sys_column_user as cu')
    .innerJoin('info_column as c', 'c.column_code', 'cu.column_code')
    .select(['c.column_code', 'c.column_name', 'cu.granted_at'])
    .where('cu.user_code', '=', userCode)
    .orderBy('c.sort_no')
    .limit(limit)
    .execute();

export async function moveGrants(trx: Db, from: string, to: string, at: string): Promise<number> {
  const held = await trx.selectFrom('sys_column_user').select('column_code').where('user_code', '=', from).execute();
  if (!held.length) return 0;
  const codes = held.map((h) => h.column_code);
  const has = new Set(
    (
      await trx.selectFrom('sys_column_user').select('column_code').where('user_code', '=', to).where('column_code', 'in', codes).execute()
    ).map((r) => r.column_code),
  );
  const add = codes.filter((c) => !has.has(c));
  if (add.length)
    await trx
      .insertInto('sys_column_user')
      .values(add.map((c) => ({ column_code: c, user_code: to, granted_at: at })))
      .execute();
  const r = await trx.deleteFrom('sys_column_user').where('user_code', '=', from).where('column_code', 'in', codes).executeTakeFirst();
  return Number(r.numDeletedRows);
}
