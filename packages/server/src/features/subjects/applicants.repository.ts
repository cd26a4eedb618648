import type { Db } from '../../db/database';
import type { SubjectOrgTable } from '../../db/schema/subjects';
import type { MobileLookup } from '../../core/identity/account-mobile';
import { mobileIs } from '../../core/identity/account-mobile.repository';

/** SQL of applicant accounts and their units. */

export const findOrg = (db: Db, userCode: string) =>
  db.selectFrom('subject_org').selectAll().where('user_code', '=', userCode).executeTakeFirst();

export async function upsertOrg(db: Db, row: SubjectOrgTable): Promise<void> {
  await db
    .insertInto('subject_org')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_code').doUpdateSet({
        org_name: row.org_name,
        credit_code: row.credit_code,
        address: row.address,
        contact: row.contact,
        phone: row.phone,
        intro: row.intro,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export const userCodeTaken = async (db: Db, userCode: string) =>
  !!(await db.selectFrom('sys_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst());
/** Whether an account holds the mobile, in either form (core/identity/account-mobile.ts). */
export const mobileTaken = async (db: Db, mobile: MobileLookup) =>
  !!(await db
    .selectFrom('sys_user')
    .select('user_code')
    .where((eb) => mobileIs(eb, mobile))
    .executeTakeFirst());

interface NewApplicant {
  userCode: string;
  userName: string;
  /** the sealed mobile (`mobileColumns`): an outside applicant's is never stored in plain text */
  mobile: { mobile: null; mobile_sealed: string | null; mobile_hash: string | null };
  passwordHash: string;
  pinyin: string;
  initials: string;
  at: string;
}

/** An outside applicant: department D00 (the association's root, like the seeded applicant), no roles, platform 19 only. */
export async function insertApplicant(db: Db, a: NewApplicant): Promise<void> {
  await db
    .insertInto('sys_user')
    .values({
      user_code: a.userCode,
      user_name: a.userName,
      password_hash: a.passwordHash,
      ...a.mobile,
      sex: null,
      icon: null,
      email: null,
      tel: null,
      room: null,
      position: '课题申报人',
      personal_sign: null,
      dept_code: 'D00',
      status: 'Y',
      password_changed_at: a.at,
      password_reset: 'N',
      birthday: null,
      entry_date: null,
      pinyin: a.pinyin,
      pinyin_initials: a.initials,
      sort_no: 9999,
      created_at: a.at,
      updated_at: a.at,
    })
    .execute();
  await db.insertInto('sys_user_platform').values({ user_code: a.userCode, platform_code: '19' }).execute();
}

/** Consumes an image captcha once (the same table the login captcha uses); the stored answer hash or null. */
export async function consumeCaptcha(db: Db, key: string, now: string): Promise<string | null> {
  const row = await db.selectFrom('sys_captcha').selectAll().where('captcha_key', '=', key).executeTakeFirst();
  if (!row || row.used === 'Y' || row.expires_at <= now) return null;
  const res = await db
    .updateTable('sys_captcha')
    .set({ used: 'Y' })
    .where('captcha_key', '=', key)
    .where('used', '=', 'N')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row.answer_hash : null;
}
