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

/** How many accounts the directory sync manages, and how many of them it disabled (gone from the directory). */
export async function directoryAccountCounts(db: Db): Promise<{ linked: number; disabled: number }> {
  const rows = await db
    .selectFrom('sys_directory_user')
    .select((eb) => ['present', eb.fn.countAll().as('n')])
    .groupBy('present')
    .execute();
  const n = (flag: string) => Number(rows.find((r) => r.present === flag)?.n ?? 0);
  return { linked: n('Y') + n('N'), disabled: n('N') };
}

/** The newest sync that applied changes (not a dry run): when, by what, its result. */
export async function lastAppliedSync(db: Db) {
  return db
    .selectFrom('sys_directory_sync_run')
    .select(['started_at', 'finished_at', 'trigger', 'status', 'counts', 'message'])
    .where('kind', '=', 'apply')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
