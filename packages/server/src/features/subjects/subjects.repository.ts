import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { containsPattern } from '../../db/like';
import type { SubjectTable } from '../../db/schema/subjects';
import type { SubjectSearchQuery, SubjectStatus } from '@oa/shared/contract/subjects';

/** All SQL of subjects, reviews, the trail and reports (batches and the ledger: batches / funds repositories). */

export const newId = (prefix: string): string => `${prefix}${randomBytes(10).toString('hex')}`;

export type SubjectRow = SubjectTable;

export interface ListScope {
  /** only this applicant's subjects */
  applicant?: string;
  /** only subjects accepted by staff of this department */
  managerDept?: string;
  /** statuses to include (e.g. everything but drafts for staff) */
  statuses?: readonly SubjectStatus[];
}

const withNames = (db: Db) =>
  db
    .selectFrom('subject as s')
    .innerJoin('subject_batch as b', 'b.id', 's.batch_id')
    .leftJoin('sys_user as u', 'u.user_code', 's.applicant')
    .select((eb) => [
      's.id',
      's.code',
      's.name',
      's.batch_id',
      'b.name as batch_name',
      's.year',
      's.org_name',
      's.leader_name',
      's.budget',
      's.status',
      's.contract_status',
      's.applicant',
      'u.user_name as applicant_name',
      's.score_avg',
      's.start_date',
      's.end_date',
      's.submitted_at',
      's.updated_at',
      eb
        .selectFrom('subject_fund as f')
        .select((f) => f.fn.coalesce(f.fn.sum<number>('f.amount'), f.lit(0)).as('n'))
        .whereRef('f.subject_id', '=', 's.id')
        .where('f.direction', '=', 'in')
        .as('fund_in'),
      eb
        .selectFrom('subject_fund as f')
        .select((f) => f.fn.coalesce(f.fn.sum<number>('f.amount'), f.lit(0)).as('n'))
        .whereRef('f.subject_id', '=', 's.id')
        .where('f.direction', '=', 'out')
        .as('fund_out'),
    ]);

export type SubjectListRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export async function searchSubjects(db: Db, scope: ListScope, q: SubjectSearchQuery): Promise<{ rows: SubjectListRow[]; total: number }> {
  let base = db.selectFrom('subject as s');
  const filter = <T extends typeof base>(qb: T): T => {
    let x = qb;
    if (scope.applicant) x = x.where('s.applicant', '=', scope.applicant) as T;
    if (scope.managerDept) x = x.where('s.manager_dept', '=', scope.managerDept) as T;
    if (scope.statuses) x = x.where('s.status', 'in', [...scope.statuses]) as T;
    if (q.status) x = x.where('s.status', '=', q.status) as T;
    if (q.year) x = x.where('s.year', '=', q.year) as T;
    if (q.batchId) x = x.where('s.batch_id', '=', q.batchId) as T;
    if (q.budgetMin !== undefined) x = x.where('s.budget', '>=', q.budgetMin) as T;
    if (q.budgetMax !== undefined) x = x.where('s.budget', '<=', q.budgetMax) as T;
    if (q.leader) x = x.where('s.leader_name', 'like', containsPattern(q.leader)) as T;
    if (q.org) x = x.where('s.org_name', 'like', containsPattern(q.org)) as T;
    if (q.keyword) {
      const k = containsPattern(q.keyword);
      x = x.where((eb) => eb.or([eb('s.name', 'like', k), eb('s.code', 'like', k)])) as T;
    }
    return x;
  };
  base = filter(base);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ids = await base
    .select('s.id')
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize)
    .execute();
  if (!ids.length) return { rows: [], total: Number(totalRow.n) };
  const rows = await withNames(db)
    .where(
      's.id',
      'in',
      ids.map((r) => r.id),
    )
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return { rows, total: Number(totalRow.n) };
}

export const findSubject = (db: Db, id: string) => db.selectFrom('subject').selectAll().where('id', '=', id).executeTakeFirst();
export const findSubjectListRow = (db: Db, id: string) => withNames(db).where('s.id', '=', id).executeTakeFirst();

export async function insertSubject(db: Db, row: SubjectRow): Promise<void> {
  await db.insertInto('subject').values(row).execute();
}

/** Conditional update: changes the row only while it is in one of `from`; true when it did. */
export async function updateSubjectIf(db: Db, id: string, from: readonly string[], set: Partial<SubjectRow>): Promise<boolean> {
  const res = await db
    .updateTable('subject')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function updateContractIf(db: Db, id: string, from: readonly string[], set: Partial<SubjectRow>): Promise<boolean> {
  const res = await db
    .updateTable('subject')
    .set(set)
    .where('id', '=', id)
    .where('contract_status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The highest code of a prefix ('KT2026'), for the next serial. */
export async function maxCode(db: Db, prefix: string): Promise<string | null> {
  const row = await db
    .selectFrom('subject')
    .select((eb) => eb.fn.max('code').as('code'))
    .where('code', 'like', `${prefix}%`)
    .executeTakeFirst();
  return (row?.code as string | null | undefined) ?? null;
}

// ------------------------------------------------------------------------------------------- reviews

export async function insertReviews(db: Db, subjectId: string, experts: readonly string[], at: string): Promise<void> {
  if (!experts.length) return;
  await db
    .insertInto('subject_review')
    .values(
      experts.map((expert) => ({
        id: newId('SR'),
        subject_id: subjectId,
        expert,
        score: null,
        opinion: null,
        created_at: at,
        scored_at: null,
      })),
    )
    .execute();
}

export const deleteOpenReviews = (db: Db, subjectId: string) =>
  db.deleteFrom('subject_review').where('subject_id', '=', subjectId).where('scored_at', 'is', null).execute();

export const reviewsOf = (db: Db, subjectId: string) =>
  db
    .selectFrom('subject_review as r')
    .leftJoin('sys_user as u', 'u.user_code', 'r.expert')
    .select(['r.id', 'r.expert', 'u.user_name as expert_name', 'r.score', 'r.opinion', 'r.scored_at'])
    .where('r.subject_id', '=', subjectId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();

/** Records a score once: only while the expert's review is still open. */
export async function scoreReview(db: Db, subjectId: string, expert: string, score: number, opinion: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('subject_review')
    .set({ score, opinion, scored_at: at })
    .where('subject_id', '=', subjectId)
    .where('expert', '=', expert)
    .where('scored_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function reviewTally(db: Db, subjectId: string): Promise<{ open: number; done: number; avg: number | null }> {
  const row = await db
    .selectFrom('subject_review')
    .where('subject_id', '=', subjectId)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('scored_at').as('done'),
      eb.fn.avg<number>('score').as('avg'),
    ])
    .executeTakeFirstOrThrow();
  return {
    open: Number(row.total) - Number(row.done),
    done: Number(row.done),
    avg: row.avg === null ? null : Math.round(Number(row.avg) * 100) / 100,
  };
}

export const isExpertOf = async (db: Db, subjectId: string, expert: string) =>
  !!(await db
    .selectFrom('subject_review')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('expert', '=', expert)
    .executeTakeFirst());

/** The subjects an expert reviews (open first). */
export async function expertQueue(db: Db, expert: string) {
  const ids = await db
    .selectFrom('subject_review')
    .select(['subject_id', 'scored_at'])
    .where('expert', '=', expert)
    .orderBy('scored_at', 'desc')
    .limit(200)
    .execute();
  if (!ids.length) return [];
  const rows = await withNames(db)
    .where(
      's.id',
      'in',
      ids.map((r) => r.subject_id),
    )
    .execute();
  const scored = new Map(ids.map((r) => [r.subject_id, r.scored_at]));
  return rows.map((r) => ({ row: r, scoredAt: scored.get(r.id) ?? null }));
}

// ------------------------------------------------------------------------------------------- trail, reports

export async function insertLog(db: Db, subjectId: string, action: string, actor: string, note: string | null, at: string): Promise<void> {
  await db
    .insertInto('subject_log')
    .values({ id: newId('SL'), subject_id: subjectId, action, actor, note, at })
    .execute();
}

export const logsOf = (db: Db, subjectId: string) =>
  db
    .selectFrom('subject_log as l')
    .leftJoin('sys_user as u', 'u.user_code', 'l.actor')
    .select(['l.id', 'l.action', 'l.actor', 'u.user_name as actor_name', 'l.note', 'l.at'])
    .where('l.subject_id', '=', subjectId)
    .orderBy('l.at')
    .orderBy('l.id')
    .execute();

export async function insertReport(
  db: Db,
  row: {
    id: string;
    subject_id: string;
    kind: string;
    title: string;
    content: string | null;
    file_id: string | null;
    created_by: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('subject_report').values(row).execute();
}

export const reportsOf = (db: Db, subjectId: string) =>
  db
    .selectFrom('subject_report as r')
    .leftJoin('sys_file as f', 'f.id', 'r.file_id')
    .select(['r.id', 'r.kind', 'r.title', 'r.content', 'r.file_id', 'f.original_name as file_name', 'r.created_by', 'r.created_at'])
    .where('r.subject_id', '=', subjectId)
    .orderBy('r.created_at', 'desc')
    .execute();

/** The subject a file is attached to (a report or a ledger voucher), for file grants. */
export async function subjectOfFile(db: Db, fileId: string): Promise<string | null> {
  const rep = await db.selectFrom('subject_report').select('subject_id').where('file_id', '=', fileId).executeTakeFirst();
  if (rep) return rep.subject_id;
  const fund = await db.selectFrom('subject_fund').select('subject_id').where('voucher_file_id', '=', fileId).executeTakeFirst();
  return fund?.subject_id ?? null;
}

// ------------------------------------------------------------------------------------------- people

export const userBrief = (db: Db, userCode: string) =>
  db.selectFrom('sys_user').select(['user_code', 'user_name', 'dept_code', 'status']).where('user_code', '=', userCode).executeTakeFirst();

export async function activeStaff(db: Db, userCodes: readonly string[]): Promise<string[]> {
  if (!userCodes.length) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_platform as p', 'p.user_code', 'u.user_code')
    .select('u.user_code')
    .where('u.user_code', 'in', [...userCodes])
    .where('u.status', '=', 'Y')
    .where('p.platform_code', '=', '1')
    .execute();
  return rows.map((r) => r.user_code);
}

// ------------------------------------------------------------------------------------------- statistics

export const countByStatus = (db: Db) =>
  db
    .selectFrom('subject')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();

export const countByBatch = (db: Db) =>
  db
    .selectFrom('subject as s')
    .innerJoin('subject_batch as b', 'b.id', 's.batch_id')
    .select((eb) => [
      'b.name',
      'b.open_date',
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('s.budget'), eb.lit(0)).as('budget'),
    ])
    .where('s.status', 'not in', ['draft'])
    .groupBy(['b.id', 'b.name', 'b.open_date'])
    .orderBy('b.open_date', 'desc')
    .limit(12)
    .execute();

/** Running subjects whose mid-term check or end date has passed. */
export const overdueCandidates = (db: Db, today: string) =>
  db
    .selectFrom('subject')
    .select(['id', 'code', 'name', 'status', 'midterm_due', 'end_date'])
    .where('status', 'in', ['in_progress', 'midterm'])
    .where((eb) => eb.or([eb.and([eb('status', '=', 'in_progress'), eb('midterm_due', '<', today)]), eb('end_date', '<', today)]))
    .orderBy('end_date')
    .limit(100)
    .execute();
