import type { Db } from '../src/db/database';
import type { UserTable } from '../src/db/schema/system';
import { addUsers } from './user-rows';

/**
 * The rows of a "contains" filter's wildcard case: `literal` holds `_`, `lookalike` would match it only if `_`
 * were a wildcard. Keyword `literal` must find the first alone; keyword `%` (no row holds one) nothing.
 */
export const WILD = { literal: '甲_乙', lookalike: '甲丙乙' } as const;

/** The two users of the wildcard case: `likeuser1` named WILD.literal, `likeuser2` named WILD.lookalike. */
export const addWildUsers = (db: Db, extra: Partial<UserTable> = {}) =>
  addUsers(db, [
    { user_code: 'likeuser1', user_name: WILD.literal, ...extra },
    { user_code: 'likeuser2', user_name: WILD.lookalike, ...extra },
  ]);
