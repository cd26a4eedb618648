import type { Db } from '../../db/database';
import type { SubjectBatchTable } from '../../db/schema/subjects';

/** SQL of the declaration batches. */

export type BatchRow = SubjectBatchTable;

const withCount = (db: Db) =>
  db
    .selectFrom('subject_batch as b')
    .selectAll('b')
    .select((eb) =>
      eb
        .selectFrom('subject as s')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('s.batch_id', '=', 'b.id')
        .where('s.status', '!=', 'draft')
        .as('subject_count'),
    );

export const listBatches = (db: Db) => withCount(db).orderBy('b.open_date', 'desc').orderBy('b.id').limit(200).execute();
/** Batches whose window contains `today`. */
export const openBatches = (db: Db, today: string) =>
  withCount(db).where('b.open_date', '<=', today).where('b.close_date', '>=', today).orderBy('b.close_date').execute();
export const findBatch = (db: Db, id: string) => withCount(db).where('b.id', '=', id).executeTakeFirst();

export async function insertBatch(db: Db, row: BatchRow): Promise<void> {
  await db.insertInto('subject_batch').values(row).execute();
}

export async function updateBatch(db: Db, id: string, set: Partial<BatchRow>): Promise<boolean> {
  const res = await db.updateTable('subject_batch').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteEmptyBatch(db: Db, id: string): Promise<boolean> {
  const used = await db.selectFrom('subject').select('id').where('batch_id', '=', id).limit(1).executeTakeFirst();
  if (used) return false;
  const res = await db.deleteFrom('subject_batch').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
