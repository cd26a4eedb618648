import type { SuppliesItem, SuppliesItemBody } from '@oa/shared/contract/approval-modules';
import type { Db } from '../../db/database';
import type { SuppliesItemTable } from '../../db/schema/supplies';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { newId, nullable } from '../route-kit';
import * as repo from './supplies.repository';

/** 办公用品库存 (/OfficeSuppliesManage): items, stock-in and the low-stock flag. */
const toSupply = (r: SuppliesItemTable): SuppliesItem => ({
  id: r.id,
  name: r.name,
  spec: r.spec,
  unit: r.unit,
  stock: Number(r.stock),
  warnLevel: Number(r.warn_level),
  low: Number(r.stock) <= Number(r.warn_level),
  remark: r.remark,
  updatedAt: r.updated_at,
});
export const listSupplies = async (db: Db, keyword?: string) => (await repo.listSupplies(db, keyword)).map(toSupply);
async function getSupply(db: Db, id: string): Promise<SuppliesItem> {
  const r = await repo.findSupply(db, id);
  if (!r) throw notFound('物品不存在');
  return toSupply(r);
}
type Saved = { before: SuppliesItem | null; saved: SuppliesItem };
/** Saves an item; returns it as it was (null when new) and as saved, for the audit. */
export async function saveSupply(db: Db, b: SuppliesItemBody): Promise<Saved> {
  const dup = await repo.findSupplyByName(db, b.name);
  if (dup && dup.id !== b.id) throw badRequest(`物品「${b.name}」已存在`, 'name');
  const row = {
    name: b.name,
    spec: nullable(b.spec),
    unit: b.unit,
    stock: b.stock,
    warn_level: b.warnLevel,
    remark: nullable(b.remark),
    updated_at: nowIso(),
  };
  if (b.id) {
    const before = await getSupply(db, b.id);
    if (Number((await repo.updateSupply(db, b.id, row)).numUpdatedRows) !== 1) throw notFound('物品不存在');
    return { before, saved: await getSupply(db, b.id) };
  }
  const id = newId('SI');
  await repo.insertSupply(db, { id, ...row });
  return { before: null, saved: await getSupply(db, id) };
}
export async function stockIn(db: Db, id: string, quantity: number): Promise<Saved> {
  const before = await getSupply(db, id);
  if (Number((await repo.addStock(db, id, quantity, nowIso())).numUpdatedRows) !== 1) throw notFound('物品不存在');
  return { before, saved: await getSupply(db, id) };
}
/** Deletes an item; returns it as it was (for the audit). */
export async function removeSupply(db: Db, id: string): Promise<SuppliesItem> {
  const before = await getSupply(db, id);
  if (Number((await repo.deleteSupply(db, id)).numDeletedRows) !== 1) throw notFound('物品不存在');
  return before;
}
