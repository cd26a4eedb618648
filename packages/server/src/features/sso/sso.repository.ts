import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SsoPendingTable } from '../../db/schema/sso';
import type { UserTable } from '../../db/schema/system';
import type { SsoMatchField } from '../../core/identity/sso-config';
import type { MobileLookup } from '../../core/identity/account-mobile';
import { mobileIs } from '../../core/identity/account-mobile.repository';

/** Single sign-on's tables (109-sso): linked identities, sign-ins under way and hand-overs, SSO sessions. */

export async function insertPending(db: Db, row: SsoPendingTable): Promise<void> {
  await db.insertInto('sso_pending').values(row).execute();
}

/** Takes (deletes and returns) a sign-in under way by its state, once, while it is live. */
export async function takePending(db: Db, state: string, now: string): Promise<SsoPendingTable | undefined> {
  return db
    .deleteFrom('sso_pending')
    .where('state', '=', state)
    .where('handoff_hash', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a hand-over by its code's hash, once, while it is live, in the browser that started the sign-in. */
export async function takeHandoff(db: Db, handoffHash: string, browserHash: string, now: string): Promise<SsoPendingTable | undefined> {
  return db
    .deleteFrom('sso_pending')
    .where('handoff_hash', '=', handoffHash)
    .where('browser_hash', '=', browserHash)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Spends a hand-over's code and parks the sign-in under `parkedHash` until the session opens (its second step may come
 * first), in one statement: the code no longer matches, and the parked row lives until `expiresAt`.
 */
export async function parkHandoff(
  db: Db,
  v: { handoffHash: string; browserHash: string; parkedHash: string; now: string; expiresAt: string },
): Promise<SsoPendingTable | undefined> {
  return db
    .updateTable('sso_pending')
    .set({ handoff_hash: v.parkedHash, expires_at: v.expiresAt })
    .where('handoff_hash', '=', v.handoffHash)
    .where('browser_hash', '=', v.browserHash)
    .where('expires_at', '>', v.now)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a parked sign-in by its hash, once, while it is live. */
export async function takeParked(db: Db, parkedHash: string, now: string): Promise<SsoPendingTable | undefined> {
  return db
    .deleteFrom('sso_pending')
    .where('handoff_hash', '=', parkedHash)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function purgePending(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sso_pending').where('expires_at', '<=', now).execute();
}

export async function findLinkedUser(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_identity')
    .select('user_code')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_code;
}

/** Whether the account is already linked to another subject of the same issuer. */
export async function linkedElsewhere(db: Db, issuer: string, userCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('sso_identity')
    .select('id')
    .where('user_code', '=', userCode)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
  return !!row;
}

export async function insertLink(
  db: Db,
  v: { protocol: 'oidc' | 'cas'; issuer: string; subject: string; userCode: string; at: string },
): Promise<void> {
  await db
    .insertInto('sso_identity')
    .values({
      id: randomBytes(12).toString('hex'),
      protocol: v.protocol,
      issuer: v.issuer,
      subject: v.subject,
      user_code: v.userCode,
      created_at: v.at,
      last_login_at: v.at,
    })
    .execute();
}

export async function touchLink(db: Db, issuer: string, subject: string, at: string): Promise<void> {
  await db.updateTable('sso_identity').set({ last_login_at: at }).where('issuer', '=', issuer).where('subject', '=', subject).execute();
}

export async function countLinks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sso_identity')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Accounts whose field equals the value (an e-mail address compared case-insensitively; a mobile in either form, by
 * `asMobile`: core/identity/account-mobile.ts); at most two, to see ambiguity.
 */
export async function usersMatching(db: Db, field: SsoMatchField, value: string, asMobile: MobileLookup): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where((eb) =>
      field === 'email'
        ? eb(eb.fn('lower', ['email']), '=', value.toLowerCase())
        : field === 'mobile'
          ? mobileIs(eb, asMobile)
          : eb(field, '=', value),
    )
    .limit(2)
    .execute();
  return rows.map((r) => r.user_code);
}

export async function findAccount(db: Db, userCode: string) {
  return db.selectFrom('sys_user').select(['user_code', 'status']).where('user_code', '=', userCode).executeTakeFirst();
}

/** The account name's running lock of the password login (sys_login_attempt), if any. */
export async function lockedUntil(db: Db, attemptKey: string, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('sys_login_attempt')
    .select('locked_until')
    .where('attempt_key', '=', attemptKey)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

export async function deptExists(db: Db, deptCode: string): Promise<boolean> {
  return !!(await db.selectFrom('org_dept').select('dept_code').where('dept_code', '=', deptCode).executeTakeFirst());
}

export async function insertAccount(db: Db, row: UserTable, platformCode: string): Promise<void> {
  await db.insertInto('sys_user').values(row).execute();
  await db.insertInto('sys_user_platform').values({ user_code: row.user_code, platform_code: platformCode }).execute();
}

export async function insertSsoSession(db: Db, v: { sessionId: string; protocol: 'oidc' | 'cas'; idToken: string | null; at: string }) {
  await db
    .insertInto('sso_session')
    .values({ session_id: v.sessionId, protocol: v.protocol, id_token: v.idToken, created_at: v.at })
    .execute();
}

/** Takes what an SSO session's logout needs (once: the row goes with the session). */
export async function takeSsoSession(db: Db, sessionId: string) {
  return db.deleteFrom('sso_session').where('session_id', '=', sessionId).returningAll().executeTakeFirst();
}

/** Rows of sessions older than any session can live. */
export async function purgeSsoSessions(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sso_session').where('created_at', '<', before).execute();
}
