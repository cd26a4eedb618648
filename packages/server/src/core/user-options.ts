import type { Db } from '../db/database';

export interface UserOptionRow { userCode: string; userName: string; deptName: string | null }

/** Active users matching a keyword (code, name, pinyin, mobile), for pickers of the admin screens. */
export async function searchUserOptions(db: Db, keyword: string | undefined, limit = 50): Promise<UserOptionRow[]> {
  let q = db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'd.dept_name']).where('u.status', '=', 'Y');
  const k = keyword?.trim().toLowerCase();
  if (k) {
    const like = `%${k.replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) => eb.or([
      eb(eb.fn('lower', ['u.user_code']), 'like', like), eb('u.user_name', 'like', like),
      eb('u.pinyin', 'like', like), eb('u.pinyin_initials', 'like', like), eb('u.mobile', 'like', like),
    ]));
  }
  const rows = await q.orderBy('u.sort_no').orderBy('u.user_code').limit(limit).execute();
  return rows.map((r) => ({ userCode: r.user_code, userName: r.user_name, deptName: r.dept_name ?? null }));
}
