import { ADMIN_ROLES } from '@oa/shared/access/three-admins';
import type { Db } from '../../db/database';
import { indexPerson } from '../search/search-index';
import { accountRow } from './account-row';

/** The holders of the three administrator roles, with their account's state. */
export const adminRoleHolders = (db: Db) =>
  db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.user_code', 'ur.user_code')
    .select(['ur.user_code', 'ur.role_code', 'u.status'])
    .where('ur.role_code', 'in', [...ADMIN_ROLES])
    .orderBy('ur.user_code')
    .execute();

export const accountExists = async (db: Db, userCode: string): Promise<boolean> =>
  !!(await db.selectFrom('sys_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst());

export const rolesOfAccount = async (db: Db, userCode: string): Promise<string[]> =>
  (await db.selectFrom('sys_user_role').select('role_code').where('user_code', '=', userCode).execute()).map((r) => r.role_code);

export interface NewAdministrator {
  userCode: string;
  userName: string;
  roleCode: string;
  platforms: readonly string[];
  passwordHash: string;
}

/** An administrator account with its one role, to change its password at first login (`password_reset`). */
export async function insertAdministrator(trx: Db, a: NewAdministrator, at: string): Promise<void> {
  await trx
    .insertInto('sys_user')
    .values(accountRow({ ...a, deptCode: null, position: a.userName, passwordReset: 'Y' }, at))
    .execute();
  await trx
    .insertInto('sys_user_platform')
    .values(a.platforms.map((platform_code) => ({ user_code: a.userCode, platform_code })))
    .execute();
  await trx.insertInto('sys_user_role').values({ user_code: a.userCode, role_code: a.roleCode }).execute();
  await indexPerson(trx, a.userCode);
}

/** A new one-time password, to change at the next login. */
export async function setOneTimePassword(trx: Db, userCode: string, passwordHash: string, at: string): Promise<void> {
  await trx
    .updateTable('sys_user')
    .set({ password_hash: passwordHash, password_changed_at: at, password_reset: 'Y', updated_at: at })
    .where('user_code', '=', userCode)
    .execute();
}
