import type { Db } from '../src/db/database';
import type { UserTable } from '../src/db/schema/system';

/**
 * The rows of a "contains" filter's wildcard case: `literal` holds `_`, `lookalike` would match it only if `_`
 * were a wildcard. Keyword `literal` must find the first alone; keyword `%` (no row holds one) nothing.
 */
export const WILD = { literal: '甲_乙', lookalike: '甲丙乙' } as const;

/** Active users of the OA platform (defaults for every column but code and name). */
export async function addUsers(db: Db, users: Array<Pick<UserTable, 'user_code' | 'user_name'> & Partial<UserTable>>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('sys_user')
    .values(
      users.map((u, i) => ({
        password_hash: 'x',
        mobile: null,
        sex: null,
        icon: null,
        email: null,
        tel: null,
        room: null,
        position: null,
        personal_sign: null,
        dept_code: 'D01',
        status: 'Y' as const,
        password_changed_at: at,
        password_reset: 'N' as const,
        birthday: null,
        entry_date: null,
        pinyin: `likecase${i}`,
        pinyin_initials: `lc${i}`,
        sort_no: 990 + i,
        created_at: at,
        updated_at: at,
        ...u,
      })),
    )
    .execute();
  await db
    .insertInto('sys_user_platform')
    .values(users.map((u) => ({ user_code: u.user_code, platform_code: '1' })))
    .execute();
}

/** The two users of the wildcard case: `likeuser1` named WILD.literal, `likeuser2` named WILD.lookalike. */
export const addWildUsers = (db: Db, extra: Partial<UserTable> = {}) =>
  addUsers(db, [
    { user_code: 'likeuser1', user_name: WILD.literal, ...extra },
    { user_code: 'likeuser2', user_name: WILD.lookalike, ...extra },
  ]);
