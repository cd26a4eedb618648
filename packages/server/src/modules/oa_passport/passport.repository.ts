import type { Db } from '../../db/database';
import type { PassportBookTable } from '../../db/schema/passport';
import { nowIso } from '../../lib/time';

/** All SQL of the passport custody register (oa_passport_book): the register page and the oa_passport hooks. */
export function listPassports(db: Db, holderCode?: string) {
  let q = db.selectFrom('oa_passport_book').selectAll();
  if (holderCode) q = q.where('holder_code', '=', holderCode);
  return q.orderBy('holder_name').orderBy('passport_no').execute();
}
export const findPassport = (db: Db, id: string) => db.selectFrom('oa_passport_book').selectAll().where('id', '=', id).executeTakeFirst();
export const findPassportByNo = (db: Db, no: string) =>
  db.selectFrom('oa_passport_book').select('id').where('passport_no', '=', no).executeTakeFirst();
export const insertPassport = (db: Db, row: PassportBookTable) => db.insertInto('oa_passport_book').values(row).execute();
export const updatePassport = (db: Db, id: string, patch: Partial<PassportBookTable>) =>
  db.updateTable('oa_passport_book').set(patch).where('id', '=', id).executeTakeFirst();
export const deletePassport = (db: Db, id: string) =>
  db.deleteFrom('oa_passport_book').where('id', '=', id).where('status', '=', 'in').executeTakeFirst();

export const findPassportBookByNo = (db: Db, no: string) =>
  db.selectFrom('oa_passport_book').select(['passport_kind', 'holder_name']).where('passport_no', '=', no).executeTakeFirst();
/** Hands a passport in custody over on an application; 1 row when it was in. */
export const lendPassport = (db: Db, no: string, recordId: string) =>
  db
    .updateTable('oa_passport_book')
    .set({ status: 'out', record_id: recordId, updated_at: nowIso() })
    .where('passport_no', '=', no)
    .where('status', '=', 'in')
    .executeTakeFirst();
/** Takes a passport lent on an application back into custody. */
export const returnPassport = (db: Db, no: string, recordId: string) =>
  db
    .updateTable('oa_passport_book')
    .set({ status: 'in', record_id: null, updated_at: nowIso() })
    .where('passport_no', '=', no)
    .where('record_id', '=', recordId)
    .execute();
