import type { Db } from '../../db/database';
import type { SuppliesItemTable } from '../../db/schema/supplies';
import { containsPattern } from '../../db/like';

/** All SQL of the office supplies stock (oa_supplies_item): the stock page and the oa_supplies hooks. */
export function listSupplies(db: Db, keyword?: string) {
  let q = db.selectFrom('oa_supplies_item').selectAll();
  const k = keyword?.trim();
  if (k) q = q.where('name', 'like', containsPattern(k));
  return q.orderBy('name').execute();
}
export const findSupply = (db: Db, id: string) => db.selectFrom('oa_supplies_item').selectAll().where('id', '=', id).executeTakeFirst();
export const findSupplyByName = (db: Db, name: string) =>
  db.selectFrom('oa_supplies_item').select('id').where('name', '=', name).executeTakeFirst();
export const insertSupply = (db: Db, row: SuppliesItemTable) => db.insertInto('oa_supplies_item').values(row).execute();
export const updateSupply = (db: Db, id: string, patch: Partial<SuppliesItemTable>) =>
  db.updateTable('oa_supplies_item').set(patch).where('id', '=', id).executeTakeFirst();
export const deleteSupply = (db: Db, id: string) => db.deleteFrom('oa_supplies_item').where('id', '=', id).executeTakeFirst();
/** Adds received stock atomically. */
export const addStock = (db: Db, id: string, quantity: number, at: string) =>
  db
    .updateTable('oa_supplies_item')
    .set((eb) => ({ stock: eb('stock', '+', quantity), updated_at: at }))
    .where('id', '=', id)
    .executeTakeFirst();

/** Every stocked item (the submit hook checks the lines against it). */
export const stockedItems = (db: Db) => db.selectFrom('oa_supplies_item').select(['name', 'stock', 'unit']).execute();
/** Takes `quantity` off an item's stock only while enough is left; 1 row when it did. */
export const takeStock = (db: Db, name: string, quantity: number, at: string) =>
  db
    .updateTable('oa_supplies_item')
    .set((eb) => ({ stock: eb('stock', '-', quantity), updated_at: at }))
    .where('name', '=', name)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
