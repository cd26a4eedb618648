import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ArchiveItemTable, ArchiveRollTable } from '../../db/schema/documents';
import { containsPattern } from '../../db/like';

/** All SQL of the archive: items, their counters, rolls, and the finished documents waiting to be filed. */
export type ItemRow = Selectable<ArchiveItemTable>;

const FILEABLE = ['done', 'distributed'];

export const findDocForFiling = (db: Db, id: string) => db.selectFrom('doc_document').selectAll().where('id', '=', id).executeTakeFirst();

function pendingQuery(db: Db, kind: 'receipt' | 'dispatch', keyword?: string) {
  let q = db.selectFrom('doc_document').where('kind', '=', kind).where('archived', '=', 'N').where('status', 'in', FILEABLE);
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('title', 'like', like), eb('doc_no', 'like', like)]));
  }
  return q;
}
export async function pendingDocs(
  db: Db,
  kind: 'receipt' | 'dispatch',
  keyword: string | undefined,
  page: { offset: number; limit: number },
) {
  const [rows, n] = await Promise.all([
    pendingQuery(db, kind, keyword)
      .selectAll()
      .orderBy('finished_at', 'desc')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    pendingQuery(db, kind, keyword)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

/** Marks a finished document filed; false when it is already filed or not finished (two archivists at once). */
export async function claimDoc(db: Db, id: string): Promise<boolean> {
  const r = await db
    .updateTable('doc_document')
    .set({ archived: 'Y' })
    .where('id', '=', id)
    .where('archived', '=', 'N')
    .where('status', 'in', FILEABLE)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function peekCounter(db: Db, series: string): Promise<number> {
  const r = await db.selectFrom('archive_counter').select('last_no').where('series', '=', series).executeTakeFirst();
  return r?.last_no ?? 0;
}
export async function takeItemNo(db: Db, series: string): Promise<number> {
  const r = await db
    .insertInto('archive_counter')
    .values({ series, last_no: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet((eb) => ({ last_no: eb('archive_counter.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return r.last_no;
}

export const insertItem = (db: Db, row: Insertable<ArchiveItemTable>) => db.insertInto('archive_item').values(row).execute();
/** Records an item's archive package (its zip in the file store and the list of its files). */
export const setPackage = (db: Db, id: string, fileId: string, files: string) =>
  db.updateTable('archive_item').set({ package_file_id: fileId, package_files: files }).where('id', '=', id).execute();
export const findItem = (db: Db, id: string) => db.selectFrom('archive_item').selectAll().where('id', '=', id).executeTakeFirst();
export const itemOfDoc = (db: Db, docId: string) =>
  db.selectFrom('archive_item').select(['id', 'archive_code']).where('doc_id', '=', docId).executeTakeFirst();

interface CatalogueFilter {
  year?: number;
  retention?: string;
  orgCode?: string;
  kind?: 'receipt' | 'dispatch';
  keyword?: string;
  rollId?: string;
  expiredBefore?: number;
}
function catalogueQuery(db: Db, f: CatalogueFilter) {
  let q = db.selectFrom('archive_item');
  if (f.year) q = q.where('year', '=', f.year);
  if (f.retention) q = q.where('retention', '=', f.retention as 'Y');
  if (f.orgCode) q = q.where('org_code', '=', f.orgCode);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.rollId) q = q.where('roll_id', '=', f.rollId);
  if (f.expiredBefore) q = q.where('expires_year', '<', f.expiredBefore);
  if (f.keyword) {
    const k = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([eb('title', 'like', k), eb('archive_code', 'like', k), eb('doc_no', 'like', k), eb('responsible', 'like', k)]),
    );
  }
  return q;
}
export async function catalogue(db: Db, f: CatalogueFilter, page: { offset: number; limit: number }) {
  const [rows, n] = await Promise.all([
    // the catalogue (归档文件目录) runs in 档号 order
    catalogueQuery(db, f).selectAll().orderBy('archive_code').offset(page.offset).limit(page.limit).execute(),
    catalogueQuery(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

export const rolls = (db: Db) => db.selectFrom('archive_roll').selectAll().orderBy('year', 'desc').orderBy('roll_no').limit(500).execute();
export async function rollCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('archive_item')
    .select(['roll_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('roll_id', 'in', ids)
    .groupBy('roll_id')
    .execute();
  return new Map(rows.map((r) => [r.roll_id ?? '', Number(r.n)]));
}
export const findRoll = (db: Db, id: string) => db.selectFrom('archive_roll').selectAll().where('id', '=', id).executeTakeFirst();
export const rollTitles = async (db: Db, ids: string[]) => {
  if (!ids.length) return new Map<string, string>();
  const rows = await db.selectFrom('archive_roll').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
};
export const rollTaken = (db: Db, r: { fonds: string; year: number; retention: string; rollNo: string; exceptId?: string }) => {
  let q = db
    .selectFrom('archive_roll')
    .select('id')
    .where('fonds', '=', r.fonds)
    .where('year', '=', r.year)
    .where('retention', '=', r.retention as 'Y')
    .where('roll_no', '=', r.rollNo);
  if (r.exceptId) q = q.where('id', '!=', r.exceptId);
  return q.executeTakeFirst();
};
export const insertRoll = (db: Db, row: Insertable<ArchiveRollTable>) => db.insertInto('archive_roll').values(row).execute();
export const updateRoll = (db: Db, id: string, patch: Partial<ArchiveRollTable>) =>
  db.updateTable('archive_roll').set(patch).where('id', '=', id).execute();
export const setRoll = (db: Db, itemIds: string[], rollId: string | null) =>
  db.updateTable('archive_item').set({ roll_id: rollId }).where('id', 'in', itemIds).execute();

export async function deptNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('org_dept').select(['dept_code', 'dept_name']).execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}
