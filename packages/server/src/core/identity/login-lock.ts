import type { Db } from '../../db/database';
import { deleteLoginAttempts } from '../system.repository';
import { MINUTE } from '../../lib/time';

/** The lockout policy (docs/security.md): this many failures of one name lock it for LOCK_MS. */
export const LOCK_AFTER = 5;
export const LOCK_MS = 15 * MINUTE;

/** The login attempt counter key of an account name as typed (user code or mobile), case-insensitive. */
export const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;

/**
 * Lifts the login lock and failure count of an account's names (its user code and mobile): an
 * administrator's password reset, or the owner proving the account's phone by an SMS reset.
 */
export async function unlockAccount(db: Db, names: Array<string | null | undefined>): Promise<void> {
  const keys = names.filter((n): n is string => !!n).map(accountKey);
  if (keys.length) await deleteLoginAttempts(db, keys);
}
