import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';

/** All SQL of the 等保 self-check: counts and settings read from the database, never changed here. */

const count = (n: unknown): number => Number(n ?? 0);

export async function accountCounts(db: Db, passwordBefore: string) {
  const row = await db
    .selectFrom('sys_user')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'Y').then(1).else(0).end()).as('enabled'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'Y'), eb('password_changed_at', '<', passwordBefore)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('aged'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'Y'), eb('password_reset', '=', 'Y')]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('mustChange'),
    ])
    .executeTakeFirstOrThrow();
  return { all: count(row.all), enabled: count(row.enabled), aged: count(row.aged), mustChange: count(row.mustChange) };
}

/** Enabled accounts that have not signed in since `since` (no session opened since). */
export async function idleAccounts(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('sys_user as u')
    .where('u.status', '=', 'Y')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sys_session as s').select('s.id').whereRef('s.user_code', '=', 'u.user_code').where('s.created_at', '>=', since),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/** Account names locked now by failed logins. */
export async function lockedNames(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('sys_login_attempt')
    .where('attempt_key', 'like', 'account:%')
    .where('locked_until', '>', now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return count(row.n);
}

export async function sessionCounts(db: Db, now: string, absoluteBefore: string, revokedSince: string) {
  const live = db.selectFrom('sys_session').where('revoked_at', 'is', null).where('expires_at', '>', now);
  const [active, outliving, revoked] = await Promise.all([
    live.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    live
      .where('created_at', '<', absoluteBefore)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_session')
      .where('revoked_at', '>=', revokedSince)
      .select(['revoke_reason', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('revoke_reason')
      .execute(),
  ]);
  return {
    active: count(active.n),
    outliving: count(outliving.n),
    revoked: new Map(revoked.map((r) => [r.revoke_reason ?? '', count(r.n)])),
  };
}

export async function accountsByCode(db: Db, userCodes: readonly string[]) {
  if (!userCodes.length) return [];
  return db
    .selectFrom('sys_user')
    .select(['user_code', 'status', 'password_hash'])
    .where('user_code', 'in', [...userCodes])
    .execute();
}

/** Grants of the given functions, by role. */
export async function grantsOf(db: Db, funCodes: readonly string[]) {
  if (!funCodes.length) return [];
  return db
    .selectFrom('sys_role_function')
    .select(['role_code', 'fun_code'])
    .where('fun_code', 'in', [...funCodes])
    .execute();
}

export async function roleCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sys_role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return count(row.n);
}

/** The audit table: all rows, rows and distinct accounts since `since`, and the actions written since then. */
export async function auditStats(db: Db, since: string) {
  const [all, recent, actions] = await Promise.all([
    db
      .selectFrom('sys_audit')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('first')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_audit')
      .where('at', '>=', since)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count('user_code').distinct().as('users')])
      .executeTakeFirstOrThrow(),
    db.selectFrom('sys_audit').where('at', '>=', since).select('action').distinct().execute(),
  ]);
  return {
    total: count(all.n),
    first: (all.first as string | null) ?? null,
    recent: count(recent.n),
    recentUsers: count(recent.users),
    actions: actions.map((a) => a.action),
  };
}

/** Names of the triggers on sys_audit (migration 008 makes it append-only). */
export async function auditTriggers(db: Db, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'sys_audit'`.execute(db)
      : await sql<{
          name: string;
        }>`select tgname as name from pg_trigger where tgrelid = to_regclass('sys_audit') and not tgisinternal`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}
