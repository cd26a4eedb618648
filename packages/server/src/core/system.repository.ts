import type { Db } from '../db/database';
import type { SmsCodeTable } from '../db/schema/system';
import type { FileTable } from '../db/schema/files';
import type { Insertable } from 'kysely';
import { containsPattern } from '../db/like';
import type { MobileLookup } from './identity/account-mobile';
import { mobileIs } from './identity/account-mobile.repository';

/** All SQL of the shared services in core/: audit, config values, SMS codes and outbox, files, departments, users. */

// ---------------------------------------------------------------- audit

// ---------------------------------------------------------------- config values (sys_config)
export async function configValue(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('sys_config').select('value').where('key', '=', key).executeTakeFirst())?.value;
}
export const upsertConfig = (db: Db, key: string, value: string) =>
  db
    .insertInto('sys_config')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
/** Stores the value unless the key is set already; returns the stored value (the first writer wins). */
export async function configValueOnce(db: Db, key: string, value: string): Promise<string> {
  await db
    .insertInto('sys_config')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await db.selectFrom('sys_config').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
}

// ---------------------------------------------------------------- SMS
export const insertSmsOutbox = (db: Db, mobile: string, content: string, at: string) =>
  db.insertInto('sys_sms_outbox').values({ mobile, content, created_at: at }).execute();
/** The latest code of a number for a purpose; `mobile.hashes`: the number's keyed hash under every key (mid-rotation). */
export const lastSmsCode = (db: Db, mobile: MobileLookup, purpose: string) =>
  db
    .selectFrom('sys_sms_code')
    .selectAll()
    .where('mobile_hash', 'in', mobile.hashes)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
export async function countSmsCodesSince(db: Db, mobile: MobileLookup, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('sys_sms_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile_hash', 'in', mobile.hashes)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
/** Codes sent by the whole server since a time (the daily budget). */
export async function countAllSmsCodesSince(db: Db, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('sys_sms_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
export const insertSmsCode = (db: Db, row: Insertable<SmsCodeTable>) => db.insertInto('sys_sms_code').values(row).execute();
export const bumpSmsTries = (db: Db, id: number) =>
  db
    .updateTable('sys_sms_code')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
/** Marks a code used unless it was already; 1 row when this call used it. */
export const useSmsCode = (db: Db, id: number, at: string) =>
  db.updateTable('sys_sms_code').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
/** Whether a mobile belongs to an account, in either form (core/identity/account-mobile.ts). */
export async function mobileHasAccount(db: Db, mobile: MobileLookup): Promise<boolean> {
  return !!(await db
    .selectFrom('sys_user')
    .select('user_code')
    .where((eb) => mobileIs(eb, mobile))
    .executeTakeFirst());
}

// ---------------------------------------------------------------- login attempts
export const deleteLoginAttempts = (db: Db, keys: string[]) =>
  db.deleteFrom('sys_login_attempt').where('attempt_key', 'in', keys).execute();

// ---------------------------------------------------------------- files
export const insertFile = (db: Db, row: FileTable) => db.insertInto('sys_file').values(row).execute();
export const findLiveFile = (db: Db, id: string) =>
  db.selectFrom('sys_file').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();

// ---------------------------------------------------------------- departments, users
export const deptParents = (db: Db) => db.selectFrom('org_dept').select(['dept_code', 'parent_code']).execute();
/** Active users matching a keyword (code, name, pinyin; and the mobile number when `matchMobile`). */
export function activeUsersMatching(db: Db, keyword: string | undefined, limit: number, matchMobile: boolean) {
  let q = db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.dept_code', 'd.dept_name'])
    .where('u.status', '=', 'Y');
  const k = keyword?.trim().toLowerCase();
  if (k) {
    const like = containsPattern(k);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.user_code']), 'like', like),
        eb('u.user_name', 'like', like),
        eb('u.pinyin', 'like', like),
        eb('u.pinyin_initials', 'like', like),
        ...(matchMobile ? [eb('u.mobile', 'like', like)] : []),
      ]),
    );
  }
  return q.orderBy('u.sort_no').orderBy('u.user_code').limit(limit).execute();
}
