import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { openTaskRecordIds, participatedRecordIds } from '../../core/ports/process-participation.repository';
import { countCapped } from '../../db/count-capped';
import type { DocDocumentTable, DocDistributionTable } from '../../db/schema/documents';
import { containsPattern } from '../../db/like';

/** All SQL of documents (rows, lists, files, distribution) and the workflow facts the area reads. */
export type DocRowDb = Selectable<DocDocumentTable>;
export type DistRowDb = Selectable<DocDistributionTable>;

export const findDoc = (db: Db, id: string) => db.selectFrom('doc_document').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertDoc(db: Db, row: Insertable<DocDocumentTable>, files: string[]): Promise<void> {
  await db.insertInto('doc_document').values(row).execute();
  await replaceFiles(db, row.id, files);
}

/** Updates a document only in one of the given statuses; false when it was not (someone else moved it). */
export async function updateDocIn(db: Db, id: string, statuses: readonly string[], patch: Updateable<DocDocumentTable>): Promise<boolean> {
  const r = await db
    .updateTable('doc_document')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setDoc(db: Db, id: string, patch: Updateable<DocDocumentTable>): Promise<void> {
  await db.updateTable('doc_document').set(patch).where('id', '=', id).execute();
}

export async function deleteDoc(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('doc_file').where('doc_id', '=', id).execute();
  const r = await db.deleteFrom('doc_document').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function replaceFiles(db: Db, docId: string, files: string[]): Promise<void> {
  await db.deleteFrom('doc_file').where('doc_id', '=', docId).execute();
  const unique = [...new Set(files)];
  if (unique.length)
    await db
      .insertInto('doc_file')
      .values(unique.map((file_id) => ({ doc_id: docId, file_id })))
      .execute();
}
export async function addFile(db: Db, docId: string, fileId: string): Promise<void> {
  await db
    .insertInto('doc_file')
    .values({ doc_id: docId, file_id: fileId })
    .onConflict((oc) => oc.columns(['doc_id', 'file_id']).doNothing())
    .execute();
}
export const docsWithFile = (db: Db, fileId: string) =>
  db
    .selectFrom('doc_document')
    .innerJoin('doc_file', 'doc_file.doc_id', 'doc_document.id')
    .selectAll('doc_document')
    .where('doc_file.file_id', '=', fileId)
    .limit(20)
    .execute();

/** The next serial number of a module in a year (收文/发文 registration number), counted in the transaction. */
export async function nextSerial(db: Db, moduleCode: string, year: number): Promise<number> {
  const r = await db
    .insertInto('archive_counter')
    .values({ series: `serial:${moduleCode}:${year}`, last_no: 1 })
    .onConflict((oc) => oc.column('series').doUpdateSet((eb) => ({ last_no: eb('archive_counter.last_no', '+', 1) })))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return r.last_no;
}

interface ListFilter {
  moduleCode: string;
  box: 'mine' | 'todo' | 'involved' | 'all';
  viewer: string;
  /** dept scope managers see their department only */
  deptCode?: string | null;
  year?: number;
  status?: string;
  keyword?: string;
  sourceOrg?: string;
  typeId?: string;
  overdueBefore?: string;
}

function listQuery(db: Db, f: ListFilter) {
  let q = db.selectFrom('doc_document').where('doc_document.module_code', '=', f.moduleCode);
  if (f.box === 'mine') q = q.where('creator', '=', f.viewer);
  if (f.box === 'todo') q = q.where('id', 'in', openTaskRecordIds(db, f.moduleCode, f.viewer));
  if (f.box === 'involved') {
    // the documents the viewer took part in, as one set of ids (each part read from its own index), never an
    // OR over the module's documents
    const mine = db
      .selectFrom('doc_document as m')
      .select('m.id')
      .where('m.module_code', '=', f.moduleCode)
      .where('m.creator', '=', f.viewer);
    const copies = db.selectFrom('doc_distribution').select('doc_id as id').where('user_code', '=', f.viewer);
    q = q.where('doc_document.id', 'in', mine.union(participatedRecordIds(db, f.moduleCode, f.viewer)).union(copies));
  }
  if (f.deptCode !== undefined) q = q.where('dept_code', '=', f.deptCode);
  if (f.year) q = q.where('doc_year', '=', f.year);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.typeId) q = q.where('type_id', '=', f.typeId);
  if (f.sourceOrg) q = q.where('source_org', 'like', containsPattern(f.sourceOrg));
  if (f.keyword) {
    const k = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('title', 'like', k), eb('doc_no', 'like', k), eb('source_no', 'like', k), eb('serial_no', 'like', k)]));
  }
  if (f.overdueBefore) q = q.where('status', '=', 'running').where('deadline', '<', f.overdueBefore);
  return q;
}

export async function listDocs(
  db: Db,
  f: ListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DocRowDb[]; total: number; totalCapped: boolean }> {
  const [rows, counted] = await Promise.all([
    listQuery(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    countCapped(db, listQuery(db, f)),
  ]);
  return { rows, ...counted };
}

export async function deptNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('org_dept').select(['dept_code', 'dept_name']).execute();
  return new Map(rows.map((r) => [r.dept_code, r.dept_name]));
}
export const activeUsersOfDepts = (db: Db, deptCodes: string[]) =>
  deptCodes.length
    ? db
        .selectFrom('sys_user')
        .select(['user_code', 'user_name', 'dept_code'])
        .where('dept_code', 'in', deptCodes)
        .where('status', '=', 'Y')
        .execute()
    : Promise.resolve([]);
export const activeUsers = (db: Db, codes: string[]) =>
  codes.length
    ? db
        .selectFrom('sys_user')
        .select(['user_code', 'user_name', 'dept_code'])
        .where('user_code', 'in', codes)
        .where('status', '=', 'Y')
        .execute()
    : Promise.resolve([]);

// ---------------------------------------------------------------- distribution

export const distributionOf = (db: Db, docId: string) =>
  db.selectFrom('doc_distribution').selectAll().where('doc_id', '=', docId).orderBy('created_at').orderBy('id').execute();
export const myCopy = (db: Db, docId: string, userCode: string) =>
  db.selectFrom('doc_distribution').selectAll().where('doc_id', '=', docId).where('user_code', '=', userCode).executeTakeFirst();
export async function insertDistribution(db: Db, rows: Insertable<DocDistributionTable>[]): Promise<number> {
  let n = 0;
  for (const row of rows) {
    const r = await db
      .insertInto('doc_distribution')
      .values(row)
      .onConflict((oc) => oc.columns(['doc_id', 'user_code']).doNothing())
      .executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}
export async function markRead(db: Db, docId: string, userCode: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('doc_distribution')
    .set({ read_at: at })
    .where('doc_id', '=', docId)
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
function toReadQuery(db: Db, userCode: string, read?: 'Y' | 'N') {
  let q = db
    .selectFrom('doc_distribution')
    .innerJoin('doc_document', 'doc_document.id', 'doc_distribution.doc_id')
    .where('doc_distribution.user_code', '=', userCode);
  if (read) q = q.where('doc_distribution.read_at', read === 'Y' ? 'is not' : 'is', null);
  return q;
}
/** One person's distributed documents newest first (idx_doc_dist_user / idx_doc_dist_user_time). */
export async function toRead(db: Db, userCode: string, read: 'Y' | 'N' | undefined, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    toReadQuery(db, userCode, read)
      .select([
        'doc_distribution.id as distribution_id',
        'doc_document.id',
        'doc_document.title',
        'doc_document.doc_no',
        'doc_document.kind',
        'doc_document.scope',
        'doc_distribution.created_at',
        'doc_distribution.read_at',
      ])
      .orderBy('doc_distribution.created_at', 'desc')
      .orderBy('doc_distribution.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    // copies exist of printed documents only, which are never deleted: counted from the index alone
    (read ? db.selectFrom('doc_distribution').where('read_at', read === 'Y' ? 'is not' : 'is', null) : db.selectFrom('doc_distribution'))
      .where('user_code', '=', userCode)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export async function countUnreadCopies(db: Db, userCode: string): Promise<number> {
  const r = await db
    .selectFrom('doc_distribution')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
/** Marks one's own copy (by its distribution id) read; false when the copy is not the user's. */
export async function markCopyRead(db: Db, distributionId: string, userCode: string, at: string): Promise<boolean> {
  await db
    .updateTable('doc_distribution')
    .set({ read_at: at })
    .where('id', '=', distributionId)
    .where('user_code', '=', userCode)
    .where('read_at', 'is', null)
    .execute();
  const own = await db
    .selectFrom('doc_distribution')
    .select('id')
    .where('id', '=', distributionId)
    .where('user_code', '=', userCode)
    .executeTakeFirst();
  return !!own;
}

export const filesByIds = (db: Db, ids: string[]) =>
  db.selectFrom('sys_file').select(['id', 'owner', 'scope']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
export async function typeNamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('doc_type').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((t) => [t.id, t.name]));
}

// ---------------------------------------------------------------- search

/** The people a document was distributed to (their copies make them readers). */
export async function recipientCodes(db: Db, docId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('doc_distribution')
    .select('user_code')
    .where('doc_id', '=', docId)
    .where('user_code', 'is not', null)
    .execute();
  return [...new Set(rows.map((r) => r.user_code!))];
}

/**
 * The leaders a document may be sent to for 批示: holders of the department-leader roles (001, 012) and the
 * leader named on each department, active. The picker offers them and saving / 拟办 accepts only them.
 */
export const leaderUsers = (db: Db, roleCodes: readonly string[]) =>
  db
    .selectFrom('sys_user')
    .select(['user_code', 'user_name', 'dept_code'])
    .where('status', '=', 'Y')
    .where((eb) =>
      eb.or([
        eb(
          'user_code',
          'in',
          eb
            .selectFrom('sys_user_role')
            .select('user_code')
            .where('role_code', 'in', [...roleCodes]),
        ),
        eb('user_code', 'in', eb.selectFrom('org_dept').select('leader_user_code').where('leader_user_code', 'is not', null)),
      ]),
    )
    .orderBy('dept_code')
    .orderBy('user_code')
    .limit(500)
    .execute();
