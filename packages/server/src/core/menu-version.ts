import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { MENU_VERSION_KEY as KEY } from './identity.repository';

/**
 * The menu version: bumped (inside the caller's transaction) by every change to roles, role users,
 * role groups, role functions and functions. The web guard polls it and rebuilds the menu when it changes.
 */
export async function bumpMenuVersion(trx: Db): Promise<void> {
  const value = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  await trx.insertInto('sys_config').values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

export async function readMenuVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('sys_config').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value ?? '0';
}
