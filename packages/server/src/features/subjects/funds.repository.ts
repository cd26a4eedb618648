import type { Db } from '../../db/database';
import type { SubjectFundTable } from '../../db/schema/subjects';

/** SQL of the funding ledger. */

export async function insertFund(db: Db, row: SubjectFundTable): Promise<void> {
  await db.insertInto('subject_fund').values(row).execute();
}

export const fundsOf = (db: Db, subjectId: string) =>
  db
    .selectFrom('subject_fund as f')
    .leftJoin('sys_file as file', 'file.id', 'f.voucher_file_id')
    .leftJoin('sys_user as u', 'u.user_code', 'f.created_by')
    .select([
      'f.id',
      'f.subject_id',
      'f.direction',
      'f.amount',
      'f.happened_on',
      'f.category',
      'f.summary',
      'f.voucher_file_id',
      'file.original_name as voucher_file_name',
      'f.created_by',
      'u.user_name as created_by_name',
      'f.created_at',
    ])
    .where('f.subject_id', '=', subjectId)
    .orderBy('f.happened_on', 'desc')
    .orderBy('f.created_at', 'desc')
    .execute();

export async function fundTotals(db: Db, subjectId: string): Promise<{ in: number; out: number }> {
  const rows = await db
    .selectFrom('subject_fund')
    .select((eb) => ['direction', eb.fn.sum<number>('amount').as('n')])
    .where('subject_id', '=', subjectId)
    .groupBy('direction')
    .execute();
  const of = (d: string) => Number(rows.find((r) => r.direction === d)?.n ?? 0);
  return { in: of('in'), out: of('out') };
}

export async function deleteFund(db: Db, id: string): Promise<boolean> {
  const res = await db.deleteFrom('subject_fund').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
export const findFund = (db: Db, id: string) => db.selectFrom('subject_fund').selectAll().where('id', '=', id).executeTakeFirst();
