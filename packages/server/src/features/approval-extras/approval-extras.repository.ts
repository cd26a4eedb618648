import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { PassportBookTable, RewardRateTable, SuppliesItemTable } from '../../db/migrations/006-approval-extras';

/** All SQL of the side tables of the approval modules (rates, supplies stock, passport custody, briefings, people). */

export const newId = (p: string) => `${p}${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

// ---------------------------------------------------------------- reward rates
export const listRates = (db: Db) => db.selectFrom('oa_reward_rate').selectAll().orderBy('service_kind').orderBy('rate', 'desc').execute();
export const findRate = (db: Db, id: string) => db.selectFrom('oa_reward_rate').selectAll().where('id', '=', id).executeTakeFirst();
export const findRateByKey = (db: Db, kind: string, title: string) =>
  db.selectFrom('oa_reward_rate').select('id').where('service_kind', '=', kind).where('payee_title', '=', title).executeTakeFirst();
export const insertRate = (db: Db, row: RewardRateTable) => db.insertInto('oa_reward_rate').values(row).execute();
export const updateRate = (db: Db, id: string, patch: Partial<RewardRateTable>) => db.updateTable('oa_reward_rate').set(patch).where('id', '=', id).executeTakeFirst();
export const deleteRate = (db: Db, id: string) => db.deleteFrom('oa_reward_rate').where('id', '=', id).executeTakeFirst();

// ---------------------------------------------------------------- supplies
export function listSupplies(db: Db, keyword?: string) {
  let q = db.selectFrom('oa_supplies_item').selectAll();
  const k = keyword?.trim().replace(/[%_\\]/g, '');
  if (k) q = q.where('name', 'like', `%${k}%`);
  return q.orderBy('name').execute();
}
export const findSupply = (db: Db, id: string) => db.selectFrom('oa_supplies_item').selectAll().where('id', '=', id).executeTakeFirst();
export const findSupplyByName = (db: Db, name: string) => db.selectFrom('oa_supplies_item').select('id').where('name', '=', name).executeTakeFirst();
export const insertSupply = (db: Db, row: SuppliesItemTable) => db.insertInto('oa_supplies_item').values(row).execute();
export const updateSupply = (db: Db, id: string, patch: Partial<SuppliesItemTable>) => db.updateTable('oa_supplies_item').set(patch).where('id', '=', id).executeTakeFirst();
export const deleteSupply = (db: Db, id: string) => db.deleteFrom('oa_supplies_item').where('id', '=', id).executeTakeFirst();
/** Adds received stock atomically. */
export const addStock = (db: Db, id: string, quantity: number, at: string) =>
  db.updateTable('oa_supplies_item').set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: at })).where('id', '=', id).executeTakeFirst();

// ---------------------------------------------------------------- passports
export function listPassports(db: Db, holderCode?: string) {
  let q = db.selectFrom('oa_passport_book').selectAll();
  if (holderCode) q = q.where('holder_code', '=', holderCode);
  return q.orderBy('holder_name').orderBy('passport_no').execute();
}
export const findPassport = (db: Db, id: string) => db.selectFrom('oa_passport_book').selectAll().where('id', '=', id).executeTakeFirst();
export const findPassportByNo = (db: Db, no: string) => db.selectFrom('oa_passport_book').select('id').where('passport_no', '=', no).executeTakeFirst();
export const insertPassport = (db: Db, row: PassportBookTable) => db.insertInto('oa_passport_book').values(row).execute();
export const updatePassport = (db: Db, id: string, patch: Partial<PassportBookTable>) => db.updateTable('oa_passport_book').set(patch).where('id', '=', id).executeTakeFirst();
export const deletePassport = (db: Db, id: string) => db.deleteFrom('oa_passport_book').where('id', '=', id).where('status', '=', 'in').executeTakeFirst();

// ---------------------------------------------------------------- people, briefings
export function activeUsers(db: Db, keyword?: string) {
  let q = db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.entry_date', 'd.dept_name']).where('u.status', '=', 'Y');
  const k = keyword?.trim().toLowerCase().replace(/[%_\\]/g, '');
  if (k) q = q.where((eb) => eb.or([eb('u.user_code', 'like', `%${k}%`), eb('u.user_name', 'like', `%${k}%`), eb('u.pinyin', 'like', `%${k}%`)]));
  return q.orderBy('u.sort_no').orderBy('u.user_code').limit(1000).execute();
}

export const findUserBrief = (db: Db, userCode: string) => db.selectFrom('sys_user as u').leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
  .select(['u.user_code', 'u.user_name', 'u.entry_date', 'd.dept_name']).where('u.user_code', '=', userCode).executeTakeFirst();

/** Approved briefings, newest first (JSON data filtered by the service). */
export const approvedBriefings = (db: Db) => db.selectFrom('business_record')
  .select(['id', 'serial_no', 'title', 'dept_name', 'applicant_name', 'data', 'finished_at'])
  .where('module', '=', 'oa_briefing').where('status', '=', 'approved').orderBy('finished_at', 'desc').limit(2000).execute();
