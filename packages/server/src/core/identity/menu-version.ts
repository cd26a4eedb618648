import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { MENU_VERSION_KEY as KEY } from './identity.repository';
import { configValue, upsertConfig } from '../system.repository';

/**
 * The menu version: bumped (inside the caller's transaction) by every change to roles, role users,
 * role groups, role functions and functions. The web guard polls it and rebuilds the menu when it changes.
 */
export async function bumpMenuVersion(trx: Db): Promise<void> {
  const value = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  await upsertConfig(trx, KEY, value);
}

export async function readMenuVersion(db: Db): Promise<string> {
  return (await configValue(db, KEY)) ?? '0';
}
