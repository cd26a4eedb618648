import type { Db } from '../../db/database';

/** Accounts the directory sync created (sys_directory_user): they log in with their directory password. */
export async function isDirectoryAccount(db: Db, userCode: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_directory_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst());
}

/**
 * A directory login succeeded: the local password clock starts again, so the local password policy (change after N
 * days, change after a reset) never sends a directory account to change a password it does not use.
 */
export async function markDirectoryLogin(db: Db, userCode: string, at: string): Promise<void> {
  await db.updateTable('sys_user').set({ password_changed_at: at, password_reset: 'N' }).where('user_code', '=', userCode).execute();
}
