import type { Db } from '../db/database';
import { activeUsersMatching } from './system.repository';

export interface UserOptionRow {
  userCode: string;
  userName: string;
  deptCode: string | null;
  deptName: string | null;
}

/** Active users matching a keyword (code, name, pinyin, mobile), in directory order: the pickers' options. */
export async function searchUserOptions(db: Db, keyword: string | undefined, limit = 50): Promise<UserOptionRow[]> {
  const rows = await activeUsersMatching(db, keyword, limit);
  return rows.map((r) => ({
    userCode: r.user_code,
    userName: r.user_name,
    deptCode: r.dept_code ?? null,
    deptName: r.dept_name ?? null,
  }));
}
