import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { WeeklyColumnTable, WeeklyPeriodTable, WeeklySectionTable } from '../../db/schema/office';
import { containsPattern } from '../../db/like';

/** SQL of weekly reports. */
export type PeriodRow = Selectable<WeeklyPeriodTable>;
type SectionRow = Selectable<WeeklySectionTable>;
export type ColumnRow = Selectable<WeeklyColumnTable>;

// ---- columns
export const listColumns = (db: Db, enabledOnly = false) => {
  let q = db.selectFrom('oa_weekly_column').selectAll();
  if (enabledOnly) q = q.where('enabled', '=', 'Y');
  return q.orderBy('sort_no').orderBy('created_at').execute();
};
export const getColumn = (db: Db, id: string) => db.selectFrom('oa_weekly_column').selectAll().where('id', '=', id).executeTakeFirst();
export const columnByName = (db: Db, name: string) =>
  db.selectFrom('oa_weekly_column').select('id').where('name', '=', name).executeTakeFirst();
export const insertColumn = (db: Db, v: WeeklyColumnTable) => db.insertInto('oa_weekly_column').values(v).execute();
export async function updateColumn(db: Db, id: string, v: Partial<Omit<WeeklyColumnTable, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('oa_weekly_column').set(v).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export async function deleteColumn(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom('oa_weekly_column').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
export async function columnInUse(db: Db, id: string): Promise<boolean> {
  const a = await db.selectFrom('oa_weekly_item').select('id').where('column_id', '=', id).limit(1).executeTakeFirst();
  const b = await db.selectFrom('oa_weekly_compiled').select('id').where('column_id', '=', id).limit(1).executeTakeFirst();
  return !!(a || b);
}

// ---- periods
export const getPeriod = (db: Db, id: string) => db.selectFrom('oa_weekly_period').selectAll().where('id', '=', id).executeTakeFirst();
export const periodByWeek = (db: Db, weekCode: string) =>
  db.selectFrom('oa_weekly_period').selectAll().where('week_code', '=', weekCode).executeTakeFirst();
/** inserts unless the week exists (unique week_code: two creators at once, one row) */
export async function insertPeriod(db: Db, v: WeeklyPeriodTable): Promise<void> {
  await db
    .insertInto('oa_weekly_period')
    .values(v)
    .onConflict((oc) => oc.column('week_code').doNothing())
    .execute();
}
export async function listPeriods(db: Db, q: { status?: string; offset: number; limit: number }) {
  let base = db.selectFrom('oa_weekly_period');
  if (q.status) base = base.where('status', '=', q.status);
  const [t, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('start_date', 'desc').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { rows, total: Number(t.n) };
}
export async function publishPeriod(db: Db, id: string, by: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('oa_weekly_period')
    .set({ status: 'published', published_at: at, published_by: by })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- departments and sections
/** the departments that write sections (not the root organisation) */
export const listDepts = (db: Db) =>
  db
    .selectFrom('org_dept')
    .select(['dept_code', 'dept_name', 'leader_user_code'])
    .where('parent_code', 'is not', null)
    .orderBy('sort_no')
    .execute();
export const sectionsOf = (db: Db, periodIds: string[]) =>
  periodIds.length
    ? db.selectFrom('oa_weekly_section').selectAll().where('period_id', 'in', periodIds).execute()
    : Promise.resolve([] as SectionRow[]);
export const getSection = (db: Db, periodId: string, deptCode: string) =>
  db.selectFrom('oa_weekly_section').selectAll().where('period_id', '=', periodId).where('dept_code', '=', deptCode).executeTakeFirst();
export async function insertSection(db: Db, v: WeeklySectionTable): Promise<void> {
  await db
    .insertInto('oa_weekly_section')
    .values(v)
    .onConflict((oc) => oc.columns(['period_id', 'dept_code']).doNothing())
    .execute();
}
/** conditional update: only from the given statuses (two writers at once: one wins) */
export async function updateSection(db: Db, id: string, from: string[], v: Partial<Omit<WeeklySectionTable, 'id'>>): Promise<boolean> {
  const r = await db.updateTable('oa_weekly_section').set(v).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
export const sectionItems = (db: Db, sectionId: string) =>
  db.selectFrom('oa_weekly_item').select(['id', 'column_id', 'content']).where('section_id', '=', sectionId).orderBy('sort_no').execute();
export async function replaceItems(
  db: Db,
  sectionId: string,
  rows: Array<{ id: string; period_id: string; dept_code: string; column_id: string; content: string; sort_no: number }>,
): Promise<void> {
  await db.deleteFrom('oa_weekly_item').where('section_id', '=', sectionId).execute();
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('oa_weekly_item')
      .values(rows.slice(i, i + 100).map((r) => ({ ...r, section_id: sectionId })))
      .execute();
}
export const itemCounts = (db: Db, periodId: string) =>
  db
    .selectFrom('oa_weekly_item')
    .select(['dept_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('period_id', '=', periodId)
    .groupBy('dept_code')
    .execute();
/** submitted (or late) department items of a period, the editor's raw material */
export const submittedItems = (db: Db, periodId: string) =>
  db
    .selectFrom('oa_weekly_item as i')
    .innerJoin('oa_weekly_section as s', 's.id', 'i.section_id')
    .leftJoin('org_dept as d', 'd.dept_code', 'i.dept_code')
    .select(['i.id', 'i.column_id', 'i.content', 'i.dept_code', 'd.dept_name'])
    .where('i.period_id', '=', periodId)
    .where('s.status', 'in', ['submitted', 'late'])
    .orderBy('d.sort_no')
    .orderBy('i.sort_no')
    .execute();
// ---- compilation
export const compiledItems = (db: Db, periodId: string) =>
  db
    .selectFrom('oa_weekly_compiled as c')
    .leftJoin('org_dept as d', 'd.dept_code', 'c.dept_code')
    .select(['c.column_id', 'c.dept_code', 'd.dept_name', 'c.content', 'c.source_item_id'])
    .where('c.period_id', '=', periodId)
    .orderBy('c.sort_no')
    .execute();
export async function replaceCompiled(
  db: Db,
  periodId: string,
  rows: Array<{ id: string; column_id: string; dept_code: string | null; source_item_id: string | null; content: string; sort_no: number }>,
): Promise<void> {
  await db.deleteFrom('oa_weekly_compiled').where('period_id', '=', periodId).execute();
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('oa_weekly_compiled')
      .values(rows.slice(i, i + 100).map((r) => ({ ...r, period_id: periodId })))
      .execute();
}

/** full-text-ish search over published compiled reports (by period range, department and text) */
export async function search(
  db: Db,
  q: { keyword?: string; deptCode?: string; from?: string; to?: string; offset: number; limit: number },
) {
  let base = db
    .selectFrom('oa_weekly_compiled as c')
    .innerJoin('oa_weekly_period as p', 'p.id', 'c.period_id')
    .where('p.status', '=', 'published');
  if (q.deptCode) base = base.where('c.dept_code', '=', q.deptCode);
  if (q.from) base = base.where('p.start_date', '>=', q.from);
  if (q.to) base = base.where('p.start_date', '<=', q.to);
  if (q.keyword) {
    base = base.where('c.content', 'like', containsPattern(q.keyword));
  }
  const [t, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('org_dept as d', 'd.dept_code', 'c.dept_code')
      .leftJoin('oa_weekly_column as col', 'col.id', 'c.column_id')
      .select(['p.id as period_id', 'p.week_code', 'p.title', 'col.name as column_name', 'd.dept_name', 'c.content'])
      .orderBy('p.start_date', 'desc')
      .orderBy('c.sort_no')
      .offset(q.offset)
      .limit(q.limit)
      .execute(),
  ]);
  return { rows, total: Number(t.n) };
}
