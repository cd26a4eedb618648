import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SalaryBatchTable, SalarySlipTable } from '../../db/schema/office';

/** SQL of salary slips. */
export type BatchRow = Selectable<SalaryBatchTable>;
export type SlipRow = Selectable<SalarySlipTable>;

export async function listBatches(db: Db, q: { month?: string; offset: number; limit: number }) {
  let base = db.selectFrom('oa_salary_batch');
  if (q.month) base = base.where('month', '=', q.month);
  const [t, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('month', 'desc').orderBy('created_at', 'desc').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { rows, total: Number(t.n) };
}
export const getBatch = (db: Db, id: string) => db.selectFrom('oa_salary_batch').selectAll().where('id', '=', id).executeTakeFirst();
export const insertBatch = (db: Db, v: SalaryBatchTable) => db.insertInto('oa_salary_batch').values(v).execute();
/** conditional on the status: two finance clerks at once, one wins */
export async function updateBatch(
  db: Db,
  id: string,
  from: string[],
  v: Partial<Omit<SalaryBatchTable, 'id'>>,
  extra?: { unmatched0?: boolean },
): Promise<boolean> {
  let q = db.updateTable('oa_salary_batch').set(v).where('id', '=', id).where('status', 'in', from);
  if (extra?.unmatched0) q = q.where('unmatched', '=', 0);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function deleteBatch(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('oa_salary_slip').where('batch_id', '=', id).execute();
  const r = await db.deleteFrom('oa_salary_batch').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
export const readCounts = (db: Db, batchIds: string[]) =>
  batchIds.length
    ? db
        .selectFrom('oa_salary_slip')
        .select([
          'batch_id',
          (eb) => eb.fn.count<number>('read_at').as('read'),
          (eb) => eb.fn.count<number>('confirmed_at').as('confirmed'),
        ])
        .where('batch_id', 'in', batchIds)
        .groupBy('batch_id')
        .execute()
    : Promise.resolve([]);

export async function replaceSlips(db: Db, batchId: string, rows: Array<Omit<SalarySlipTable, 'batch_id'>>): Promise<void> {
  await db.deleteFrom('oa_salary_slip').where('batch_id', '=', batchId).execute();
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('oa_salary_slip')
      .values(rows.slice(i, i + 100).map((r) => ({ ...r, batch_id: batchId })))
      .execute();
}
export const batchSlips = (db: Db, batchId: string) =>
  db
    .selectFrom('oa_salary_slip as s')
    .leftJoin('sys_user as u', 'u.user_code', 's.user_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .selectAll('s')
    .select(['u.user_name', 'd.dept_name'])
    .where('s.batch_id', '=', batchId)
    .orderBy('s.row_no')
    .execute();
export const getSlip = (db: Db, id: string) => db.selectFrom('oa_salary_slip').selectAll().where('id', '=', id).executeTakeFirst();
export async function setSlipUser(db: Db, slipId: string, userCode: string): Promise<void> {
  await db.updateTable('oa_salary_slip').set({ user_code: userCode }).where('id', '=', slipId).execute();
}
export async function countUnmatched(db: Db, batchId: string): Promise<number> {
  const r = await db
    .selectFrom('oa_salary_slip')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .where('user_code', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
export const batchUsers = (db: Db, batchId: string) =>
  db.selectFrom('oa_salary_slip').select('user_code').where('batch_id', '=', batchId).where('user_code', 'is not', null).execute();

// ---- people to match
export const usersByCodes = (db: Db, codes: string[]) =>
  codes.length
    ? db.selectFrom('sys_user').select(['user_code', 'user_name', 'mobile']).where('user_code', 'in', codes).execute()
    : Promise.resolve([]);
export const usersByMobiles = (db: Db, mobiles: string[]) =>
  mobiles.length
    ? db.selectFrom('sys_user').select(['user_code', 'user_name', 'mobile']).where('mobile', 'in', mobiles).execute()
    : Promise.resolve([]);
export const userAuth = (db: Db, userCode: string) =>
  db
    .selectFrom('sys_user')
    .select(['user_code', 'user_name', 'mobile', 'password_hash'])
    .where('user_code', '=', userCode)
    .executeTakeFirst();

// ---- the person's own slips (always filtered by user_code and a sent batch)
const own = (db: Db, userCode: string) =>
  db
    .selectFrom('oa_salary_slip as s')
    .innerJoin('oa_salary_batch as b', 'b.id', 's.batch_id')
    .where('s.user_code', '=', userCode)
    .where('b.status', '=', 'sent');
export async function mySlips(db: Db, userCode: string, q: { year?: string; offset: number; limit: number }) {
  let base = own(db, userCode);
  if (q.year) base = base.where('b.month', 'like', `${q.year}-%`);
  const [t, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['s.id', 'b.month', 'b.title', 's.read_at', 's.confirmed_at', 's.feedback'])
      .orderBy('b.month', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
  ]);
  return { rows, total: Number(t.n) };
}
export const mySlip = (db: Db, userCode: string, id: string) =>
  own(db, userCode).where('s.id', '=', id).selectAll('s').select(['b.month', 'b.title', 'b.hide_zero']).executeTakeFirst();
export async function markRead(db: Db, userCode: string, id: string, at: string): Promise<void> {
  await db
    .updateTable('oa_salary_slip')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .execute();
}
export async function confirmSlip(db: Db, userCode: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('oa_salary_slip')
    .set({ confirmed_at: at })
    .where('id', '=', id)
    .where('user_code', '=', userCode)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function feedbackSlip(db: Db, userCode: string, id: string, content: string, at: string): Promise<void> {
  await db
    .updateTable('oa_salary_slip')
    .set({ feedback: content, feedback_at: at })
    .where('id', '=', id)
    .where('user_code', '=', userCode)
    .execute();
}

// ---- view grants
export async function putGrant(db: Db, sessionId: string, userCode: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('oa_salary_grant').where('session_id', '=', sessionId).execute();
  await db.insertInto('oa_salary_grant').values({ session_id: sessionId, user_code: userCode, expires_at: expiresAt }).execute();
}
export const getGrant = (db: Db, sessionId: string) =>
  db.selectFrom('oa_salary_grant').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
export async function purgeGrants(db: Db, before: string): Promise<void> {
  await db.deleteFrom('oa_salary_grant').where('expires_at', '<', before).execute();
}
