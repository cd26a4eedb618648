import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database';
import type { UserTable } from '../src/db/schema/system';

export type UserSeed = Pick<UserTable, 'user_code' | 'user_name'> & Partial<UserTable>;

/** A whole `sys_user` row: an active user of D01 with no contact details, every column but code and name defaulted. */
export function userRow(u: UserSeed, at = new Date().toISOString()): Insertable<UserTable> {
  return {
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
    status: 'Y',
    password_changed_at: at,
    password_reset: 'N',
    birthday: null,
    entry_date: null,
    pinyin: u.user_code.toLowerCase(),
    pinyin_initials: '',
    sort_no: 999,
    created_at: at,
    updated_at: at,
    ...u,
  };
}

/** Inserts users (`userRow`) as members of the OA platform ('1'), 500 rows a statement. */
export async function addUsers(db: Db, users: UserSeed[], at?: string): Promise<void> {
  for (let i = 0; i < users.length; i += 500) {
    const chunk = users.slice(i, i + 500);
    await db
      .insertInto('sys_user')
      .values(chunk.map((u) => userRow(u, at)))
      .execute();
    await db
      .insertInto('sys_user_platform')
      .values(chunk.map((u) => ({ user_code: u.user_code, platform_code: '1' })))
      .execute();
  }
}
