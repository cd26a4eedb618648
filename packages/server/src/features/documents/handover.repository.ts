import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';

/** The hand-over's SQL for documents: the registrar/drafter of documents still in hand, 承办人 of running ones. */
const IN_HAND = ['draft', 'running', 'returned', 'withdrawn'] as const;

export const registeredBy = (db: Db, userCode: string, limit: number) =>
  db
    .selectFrom('doc_document')
    .select(['id', 'title', 'serial_no', 'status'])
    .where('creator', '=', userCode)
    .where('status', 'in', IN_HAND)
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** Running documents whose data names the user (the caller checks the 承办人 list itself). */
export const runningNaming = (db: Db, userCode: string) =>
  db
    .selectFrom('doc_document')
    .select(['id', 'title', 'serial_no', 'data'])
    .where('status', '=', 'running')
    .where('data', 'like', containsPattern(`"${userCode}"`))
    .orderBy('created_at')
    .execute();

export async function moveRegistrar(trx: Db, from: string, to: string, at: string): Promise<string[]> {
  const rows = await trx
    .updateTable('doc_document')
    .set({ creator: to, updated_at: at })
    .where('creator', '=', from)
    .where('status', 'in', IN_HAND)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function setData(trx: Db, id: string, data: string, before: string, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('doc_document')
    .set({ data, updated_at: at })
    .where('id', '=', id)
    .where('data', '=', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
