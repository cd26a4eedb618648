import type { Db } from '../../db/database';

/**
 * Login attempt counters (sys_login_attempt, migration 008): one row per key, 'account:<name>' or
 * 'ip:<address>'. An attempt is reserved (counted) atomically before the password is verified.
 */
export interface AttemptRow {
  failures: number;
  windowStart: string;
  lockedUntil: string | null;
}

/**
 * Counts one attempt on `key` in one statement (INSERT … ON CONFLICT DO UPDATE … RETURNING) and returns
 * the count including it. A window older than `sinceIso` whose lock has passed starts again at 1.
 */
export async function reserveAttempt(db: Db, key: string, nowIso: string, sinceIso: string): Promise<AttemptRow> {
  const row = await db
    .insertInto('sys_login_attempt')
    .values({ attempt_key: key, failures: 1, window_start: nowIso, locked_until: null })
    .onConflict((oc) =>
      oc.column('attempt_key').doUpdateSet((eb) => {
        const expired = eb.and([
          eb('sys_login_attempt.window_start', '<', sinceIso),
          eb.or([eb('sys_login_attempt.locked_until', 'is', null), eb('sys_login_attempt.locked_until', '<=', nowIso)]),
        ]);
        return {
          failures: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('sys_login_attempt.failures', '+', 1))
            .end(),
          window_start: eb.case().when(expired).then(nowIso).else(eb.ref('sys_login_attempt.window_start')).end(),
          locked_until: eb.case().when(expired).then(null).else(eb.ref('sys_login_attempt.locked_until')).end(),
        };
      }),
    )
    .returning(['failures', 'window_start', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), windowStart: row.window_start, lockedUntil: row.locked_until };
}

/** Gives back a reserved attempt that verified no password (captcha missing or wrong, account locked). */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('sys_login_attempt')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('attempt_key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

/** Locks the key until `untilIso` unless a lock is already running. */
export async function lockKey(db: Db, key: string, untilIso: string, nowIso: string): Promise<void> {
  await db
    .updateTable('sys_login_attempt')
    .set({ locked_until: untilIso })
    .where('attempt_key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .execute();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sys_login_attempt').where('attempt_key', '=', key).execute();
}

export async function readAttempts(db: Db, key: string): Promise<AttemptRow | null> {
  const row = await db
    .selectFrom('sys_login_attempt')
    .select(['failures', 'window_start', 'locked_until'])
    .where('attempt_key', '=', key)
    .executeTakeFirst();
  return row ? { failures: Number(row.failures), windowStart: row.window_start, lockedUntil: row.locked_until } : null;
}
