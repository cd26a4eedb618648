import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';

/** All SQL of the leave module's home: people and their approved / pending leave records. */

export function activeUsers(db: Db, keyword?: string) {
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.entry_date', 'd.dept_name'])
    .where('u.status', '=', 'Y');
  const k = keyword?.trim().toLowerCase();
  if (k) {
    const like = containsPattern(k);
    q = q.where((eb) => eb.or([eb('u.user_code', 'like', like), eb('u.user_name', 'like', like), eb('u.pinyin', 'like', like)]));
  }
  return q.orderBy('u.sort_no').orderBy('u.user_code').limit(1000).execute();
}

export const findUserBrief = (db: Db, userCode: string) =>
  db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.entry_date', 'd.dept_name'])
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();

export const entryDateOf = (db: Db, userCode: string) =>
  db.selectFrom('sys_user').select('entry_date').where('user_code', '=', userCode).executeTakeFirst();

/** Approved and running leave applications of some people (business_record of oa_leave). */
export const leaveRecords = (db: Db, userCodes: readonly string[]) =>
  db
    .selectFrom('business_record')
    .select(['id', 'applicant', 'status', 'data'])
    .where('module', '=', 'oa_leave')
    .where('status', 'in', ['approved', 'running'])
    .where('applicant', 'in', [...userCodes])
    .execute();
