import type { Db } from '../../db/database';
import type { MobileLookup } from '../../core/identity/account-mobile';
import { mobileIs } from '../../core/identity/account-mobile.repository';

/** Captchas, password updates, SSO tickets (login attempt counters: login-attempts.repository.ts). */
export async function insertCaptcha(db: Db, key: string, answerHash: string, expiresAt: string): Promise<void> {
  await db.insertInto('sys_captcha').values({ captcha_key: key, answer_hash: answerHash, expires_at: expiresAt, used: 'N' }).execute();
}

/** Marks a captcha used and returns it, in one step, so that it can be tried only once. */
export async function consumeCaptcha(db: Db, key: string, nowIso: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sys_captcha').selectAll().where('captcha_key', '=', key).executeTakeFirst();
    if (!row || row.used === 'Y' || row.expires_at <= nowIso) return null;
    const res = await trx
      .updateTable('sys_captcha')
      .set({ used: 'Y' })
      .where('captcha_key', '=', key)
      .where('used', '=', 'N')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row : null;
  });
}

export async function purgeCaptchas(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom('sys_captcha').where('expires_at', '<', beforeIso).execute();
}

export async function setPassword(db: Db, userCode: string, hash: string, at: string, reset: 'Y' | 'N'): Promise<void> {
  await db
    .updateTable('sys_user')
    .set({ password_hash: hash, password_changed_at: at, password_reset: reset, updated_at: at })
    .where('user_code', '=', userCode)
    .execute();
}

/** The account of a mobile, in either form (an outside applicant's is sealed: core/identity/account-mobile.ts). */
export async function findUserByMobile(db: Db, mobile: MobileLookup) {
  return db
    .selectFrom('sys_user')
    .select(['user_code', 'status'])
    .where((eb) => mobileIs(eb, mobile))
    .executeTakeFirst();
}

export async function claimSsoTicket(db: Db, jti: string, at: string): Promise<boolean> {
  const res = await db
    .insertInto('sys_sso_ticket')
    .values({ jti, used_at: at })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
