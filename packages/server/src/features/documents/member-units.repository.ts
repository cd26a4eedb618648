import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { UserTable } from '../../db/schema/system';
import type { DocMemberUnitTable } from '../../db/schema/exchange';
import type { MobileLookup } from '../../core/identity/account-mobile';
import { mobileIs } from '../../core/identity/account-mobile.repository';

/** 成员单位 (issue 37): the register of member units and their contacts (outside accounts of platform 20). */

/** Every unit, disabled ones too, with its number of contacts: a short register, read whole. */
export const allUnits = (db: Db) =>
  db
    .selectFrom('doc_member_unit as m')
    .selectAll('m')
    .select((eb) =>
      eb
        .selectFrom('doc_unit_contact as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.unit_id', '=', 'm.id')
        .as('contact_count'),
    )
    .orderBy('m.sort_no')
    .orderBy('m.code')
    .execute();

export const findUnit = (db: Db, id: string) => db.selectFrom('doc_member_unit').selectAll().where('id', '=', id).executeTakeFirst();

/** The unit (other than `exceptId`) that already uses a code or a name. */
export const unitHolding = (db: Db, field: 'code' | 'name', value: string, exceptId: string | null) => {
  let q = db.selectFrom('doc_member_unit').select(['id', 'name']).where(field, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
};

export const insertUnit = (db: Db, row: Insertable<DocMemberUnitTable>) => db.insertInto('doc_member_unit').values(row).execute();

export const updateUnit = (db: Db, id: string, set: Updateable<DocMemberUnitTable>) =>
  db.updateTable('doc_member_unit').set(set).where('id', '=', id).execute();

const contactColumns = [
  'c.unit_id',
  'u.user_code',
  'u.user_name',
  'u.mobile',
  'u.mobile_sealed',
  'u.email',
  'u.status',
  'u.password_reset',
] as const;

/** A unit's contacts, by account. */
export const contactsOfUnit = (db: Db, unitId: string) =>
  db
    .selectFrom('doc_unit_contact as c')
    .innerJoin('sys_user as u', 'u.user_code', 'c.user_code')
    .select(contactColumns)
    .where('c.unit_id', '=', unitId)
    .orderBy('u.sort_no')
    .orderBy('u.user_code')
    .execute();

/** A contact of some unit (an account that is no unit's contact answers undefined: staff are never reached here). */
export const findContact = (db: Db, userCode: string) =>
  db
    .selectFrom('doc_unit_contact as c')
    .innerJoin('sys_user as u', 'u.user_code', 'c.user_code')
    .select(contactColumns)
    .where('c.user_code', '=', userCode)
    .executeTakeFirst();

export const accountExists = async (db: Db, userCode: string) =>
  !!(await db.selectFrom('sys_user').select('user_code').where('user_code', '=', userCode).executeTakeFirst());

/** The account (other than `exceptCode`) holding a mobile, plain or sealed. */
export async function mobileHolder(db: Db, m: MobileLookup, exceptCode: string): Promise<string | null> {
  const row = await db
    .selectFrom('sys_user')
    .select('user_code')
    .where((eb) => mobileIs(eb, m))
    .where('user_code', '!=', exceptCode)
    .executeTakeFirst();
  return row?.user_code ?? null;
}

/** A new contact: the account, its one platform (20) and its unit. */
export async function insertContact(db: Db, row: UserTable, platform: string, unitId: string): Promise<void> {
  await db.insertInto('sys_user').values(row).execute();
  await db.insertInto('sys_user_platform').values({ user_code: row.user_code, platform_code: platform }).execute();
  await db.insertInto('doc_unit_contact').values({ user_code: row.user_code, unit_id: unitId }).execute();
}

export const updateAccount = (db: Db, userCode: string, set: Updateable<UserTable>) =>
  db.updateTable('sys_user').set(set).where('user_code', '=', userCode).execute();

/** The enabled contacts of a unit (disabled with it). */
export const enabledContactCodes = async (db: Db, unitId: string) =>
  (
    await db
      .selectFrom('doc_unit_contact as c')
      .innerJoin('sys_user as u', 'u.user_code', 'c.user_code')
      .select('u.user_code')
      .where('c.unit_id', '=', unitId)
      .where('u.status', '=', 'Y')
      .execute()
  ).map((r) => r.user_code);
