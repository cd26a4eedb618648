import type { Db } from '../../db/database';
import { activeUsersMatching } from '../system.repository';
import { seesAllMobiles, type Viewer } from '../access/visibility';

interface UserOptionRow {
  userCode: string;
  userName: string;
  deptCode: string | null;
  deptName: string | null;
}

/**
 * Active users matching a keyword (code, name, pinyin; the mobile number only for a viewer who sees every mobile:
 * a picker must not tell whose a masked number is), in directory order: the pickers' options.
 */
export async function searchUserOptions(db: Db, viewer: Viewer, keyword: string | undefined, limit = 50): Promise<UserOptionRow[]> {
  const rows = await activeUsersMatching(db, keyword, limit, seesAllMobiles(viewer));
  return rows.map((r) => ({
    userCode: r.user_code,
    userName: r.user_name,
    deptCode: r.dept_code ?? null,
    deptName: r.dept_name ?? null,
  }));
}
