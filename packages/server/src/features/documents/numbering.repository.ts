import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DocNumberTable, DocTypeTable } from '../../db/schema/documents';

/** SQL of document types, their yearly counters and the number book (used, reserved, voided numbers). */
export type DocTypeRow = Selectable<DocTypeTable>;

export const findType = (db: Db, id: string) => db.selectFrom('doc_type').selectAll().where('id', '=', id).executeTakeFirst();

export function listTypes(db: Db, f: { kind: 'receipt' | 'dispatch'; scope: 'office' | 'dept'; deptCode?: string; enabledOnly: boolean }) {
  let q = db.selectFrom('doc_type').selectAll().where('kind', '=', f.kind).where('scope', '=', f.scope);
  if (f.deptCode !== undefined) q = q.where('dept_code', '=', f.deptCode);
  if (f.enabledOnly) q = q.where('enabled', '=', 'Y');
  return q.orderBy('sort_no').orderBy('created_at').execute();
}

export async function counters(db: Db, typeIds: string[], year: number): Promise<Map<string, number>> {
  if (!typeIds.length) return new Map();
  const rows = await db
    .selectFrom('doc_counter')
    .select(['type_id', 'last_no'])
    .where('type_id', 'in', typeIds)
    .where('year', '=', year)
    .execute();
  return new Map(rows.map((r) => [r.type_id, r.last_no]));
}

export const insertType = (db: Db, row: Insertable<DocTypeTable>) => db.insertInto('doc_type').values(row).execute();
export const updateType = (db: Db, id: string, patch: Partial<DocTypeTable>) =>
  db.updateTable('doc_type').set(patch).where('id', '=', id).execute();
export const prefixTaken = (
  db: Db,
  t: { kind: 'receipt' | 'dispatch'; scope: 'office' | 'dept'; deptCode: string; prefix: string; exceptId?: string },
) => {
  let q = db
    .selectFrom('doc_type')
    .select('id')
    .where('kind', '=', t.kind)
    .where('scope', '=', t.scope)
    .where('dept_code', '=', t.deptCode)
    .where('prefix', '=', t.prefix);
  if (t.exceptId) q = q.where('id', '!=', t.exceptId);
  return q.executeTakeFirst();
};

/**
 * Takes the next number of a type in a year inside the caller's transaction: one upsert on the counter
 * row (row-locked on PostgreSQL, the write lock on SQLite), so two requests never get the same number
 * and a rolled-back transaction gives its number back.
 */
export async function takeNext(db: Db, typeId: string, year: number): Promise<number> {
  const r = await db
    .insertInto('doc_counter')
    .values({ type_id: typeId, year, last_no: 1 })
    .onConflict((oc) => oc.columns(['type_id', 'year']).doUpdateSet((eb) => ({ last_no: eb('doc_counter.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return r.last_no;
}

export const insertNumber = (db: Db, row: Insertable<DocNumberTable>) => db.insertInto('doc_number').values(row).execute();
export const findNumber = (db: Db, id: string) => db.selectFrom('doc_number').selectAll().where('id', '=', id).executeTakeFirst();

/** Uses a reserved number for a document; false when it is no longer reserved. */
export async function useReserved(db: Db, id: string, typeId: string, docId: string): Promise<boolean> {
  const r = await db
    .updateTable('doc_number')
    .set({ state: 'used', doc_id: docId })
    .where('id', '=', id)
    .where('type_id', '=', typeId)
    .where('state', '=', 'reserved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
/** Voids a reserved or used number, keeping it with its reason; false when already voided. */
export async function voidNumber(db: Db, id: string, reason: string): Promise<boolean> {
  const r = await db
    .updateTable('doc_number')
    .set({ state: 'voided', reason })
    .where('id', '=', id)
    .where('state', 'in', ['reserved', 'used'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const numbersOf = (db: Db, typeId: string, year: number) =>
  db
    .selectFrom('doc_number')
    .leftJoin('doc_document', 'doc_document.id', 'doc_number.doc_id')
    .selectAll('doc_number')
    .select('doc_document.title as doc_title')
    .where('doc_number.type_id', '=', typeId)
    .where('doc_number.year', '=', year)
    .orderBy('doc_number.seq', 'desc')
    .execute();
