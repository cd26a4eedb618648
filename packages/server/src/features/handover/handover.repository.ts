import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';

/** The hand-over's own SQL: the two people, and the row lock that serialises hand-overs of one person. */
export const person = (db: Db, userCode: string) =>
  db.selectFrom('sys_user').select(['user_code', 'user_name', 'status']).where('user_code', '=', userCode).executeTakeFirst();

/**
 * Takes the person's row lock for the rest of the transaction (PostgreSQL: a second hand-over of the same person
 * waits here, then finds what the first left; SQLite has one writer, so transactions already run one at a time).
 */
export async function lockPerson(trx: Db, userCode: string): Promise<boolean> {
  const r = await trx
    .updateTable('sys_user')
    .set((eb) => ({ user_code: eb.ref('user_code') }))
    .where('user_code', '=', userCode)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** People (disabled ones too: a leaver is usually disabled) matching a keyword, in directory order. */
export const peopleMatching = (db: Db, keyword: string | undefined, limit: number) => {
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.status', 'd.dept_name'])
    .orderBy('u.status', 'asc')
    .orderBy('u.sort_no')
    .orderBy('u.user_code')
    .limit(limit);
  if (keyword)
    q = q.where((eb) =>
      eb.or([
        eb('u.user_code', 'like', containsPattern(keyword)),
        eb('u.user_name', 'like', containsPattern(keyword)),
        eb('u.pinyin', 'like', containsPattern(keyword.toLowerCase())),
      ]),
    );
  return q.execute();
};
