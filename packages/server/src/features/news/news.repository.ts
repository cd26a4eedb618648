import { sql } from 'kysely';
import { PLATFORM } from '@oa/shared/constants';
import { imageFileIds, ownFileIds } from '../../core/files/own-files.repository';
import type { Db } from '../../db/database';
import type { NewsArticleTable } from '../../db/schema/news';
import { containsPattern } from '../../db/like';

/** All SQL of news: columns, their read scope, articles, files, reads, recommendations, scores. */

export async function columns(db: Db) {
  return db.selectFrom('info_column').selectAll().orderBy('sort_no').orderBy('column_code').execute();
}
export async function column(db: Db, code: string) {
  return db.selectFrom('info_column').selectAll().where('column_code', '=', code).executeTakeFirst();
}
export async function upsertColumn(
  trx: Db,
  c: { column_code: string; column_name: string; parent_code: string | null; sort_no: number; read_scope: string; remark: string | null },
  at: string,
  isNew: boolean,
) {
  if (isNew)
    await trx
      .insertInto('info_column')
      .values({ ...c, created_at: at })
      .execute();
  else await trx.updateTable('info_column').set(c).where('column_code', '=', c.column_code).execute();
}
export async function deleteColumn(trx: Db, code: string) {
  await trx.deleteFrom('oa_scope').where('owner_type', '=', 'column').where('owner_id', '=', code).execute();
  await trx.deleteFrom('sys_column_user').where('column_code', '=', code).execute();
  await trx.deleteFrom('info_column').where('column_code', '=', code).execute();
}
export async function columnHasChildrenOrArticles(db: Db, code: string): Promise<boolean> {
  const child = await db.selectFrom('info_column').select('column_code').where('parent_code', '=', code).executeTakeFirst();
  const art = await db.selectFrom('news_article').select('id').where('column_code', '=', code).limit(1).executeTakeFirst();
  return !!child || !!art;
}
export async function publishedCounts(db: Db, now: string) {
  const rows = await db
    .selectFrom('news_article')
    .select(['column_code', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'published')
    .where('published_at', '<=', now)
    .groupBy('column_code')
    .execute();
  return new Map(rows.map((r) => [r.column_code, Number(r.n)]));
}
export async function publisherColumns(db: Db, userCode: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_column_user').select('column_code').where('user_code', '=', userCode).execute();
  return new Set(rows.map((r) => r.column_code));
}

const ARTICLE_COLS = [
  'a.id',
  'a.column_code',
  'a.title',
  'a.summary',
  'a.cover_file',
  'a.source',
  'a.dept_code',
  'a.author',
  'a.author_name',
  'a.is_top',
  'a.publish_at',
  'a.status',
  'a.read_count',
  'a.submitted_at',
  'a.published_at',
  'a.created_at',
  'a.updated_at',
  'a.instance_id',
  'a.reminded_at',
] as const;

export interface ListFilter {
  columnCodes?: readonly string[];
  author?: string;
  status?: string;
  publishedBefore?: string;
  /** published to appear after this time (待发布) */
  publishedAfter?: string;
  keyword?: string;
  offset: number;
  limit: number;
  recommendState?: string;
  recommendTarget?: string;
  onlyRecommended?: boolean;
  /** top articles first (a single column's list, served by its index); else newest first */
  topFirst?: boolean;
  /** count at most this many + 1 (a reader's list: never a full count of a large column) */
  countUpTo?: number;
}

/** A page of articles with column, department and recommendation (top first, newest first). */
export async function listArticles(db: Db, f: ListFilter) {
  let q = db.selectFrom('news_article as a');
  if (f.columnCodes) q = q.where('a.column_code', 'in', f.columnCodes.length ? [...f.columnCodes] : ['']);
  if (f.author) q = q.where('a.author', '=', f.author);
  if (f.status) q = q.where('a.status', '=', f.status);
  if (f.publishedBefore) q = q.where('a.published_at', '<=', f.publishedBefore);
  if (f.publishedAfter) q = q.where('a.published_at', '>', f.publishedAfter);
  if (f.keyword) q = q.where('a.title', 'like', containsPattern(f.keyword));
  if (f.onlyRecommended || f.recommendState || f.recommendTarget) {
    q = q.where('a.id', 'in', (eb) => {
      let r = eb.selectFrom('news_recommend').select('article_id');
      if (f.recommendState) r = r.where('state', '=', f.recommendState);
      if (f.recommendTarget) r = r.where('target', '=', f.recommendTarget);
      return r;
    });
  }
  const total = await (
    f.countUpTo === undefined
      ? q.select((eb) => eb.fn.countAll<number>().as('n'))
      : db
          .selectFrom(
            q
              .select('a.id')
              .limit(f.countUpTo + 1)
              .as('m'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
  ).executeTakeFirstOrThrow();
  const published = f.status === 'published';
  // the page's ids first, from the list's index alone (a deep page skips index entries, not joined rows)
  const order = (b: typeof q) =>
    (published && f.topFirst
      ? b.orderBy('a.is_top', 'desc').orderBy('a.published_at', 'desc')
      : published
        ? b.orderBy('a.published_at', 'desc')
        : b.orderBy('a.updated_at', 'desc')
    ).orderBy('a.id', 'desc');
  const ids = (await order(q).select('a.id').offset(f.offset).limit(f.limit).execute()).map((r) => r.id);
  const found = ids.length
    ? await db
        .selectFrom('news_article as a')
        .leftJoin('info_column as c', 'c.column_code', 'a.column_code')
        .leftJoin('org_dept as d', 'd.dept_code', 'a.dept_code')
        .leftJoin('news_recommend as r', 'r.article_id', 'a.id')
        .select([
          ...ARTICLE_COLS,
          'c.column_name',
          'd.dept_name',
          'r.target as rec_target',
          'r.state as rec_state',
          'r.recommended_by_name as rec_by',
          'r.recommended_at as rec_at',
          'r.note as rec_note',
        ])
        .where('a.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  return { rows, total: Number(total.n) };
}
export type ArticleListRow = Awaited<ReturnType<typeof listArticles>>['rows'][number];

export async function findArticle(db: Db, id: string) {
  return db
    .selectFrom('news_article as a')
    .leftJoin('info_column as c', 'c.column_code', 'a.column_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'a.dept_code')
    .leftJoin('news_recommend as r', 'r.article_id', 'a.id')
    .select([
      ...ARTICLE_COLS,
      'a.body_html',
      'a.body_text',
      'c.column_name',
      'd.dept_name',
      'r.target as rec_target',
      'r.state as rec_state',
      'r.recommended_by_name as rec_by',
      'r.recommended_at as rec_at',
      'r.note as rec_note',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
}
export type ArticleRow = NonNullable<Awaited<ReturnType<typeof findArticle>>>;

export async function insertArticle(trx: Db, row: NewsArticleTable) {
  await trx.insertInto('news_article').values(row).execute();
}
/** Updates only while the article is in one of `from` (two editors / approvers: one wins). */
export async function updateArticle(trx: Db, id: string, from: readonly string[], patch: Partial<NewsArticleTable>): Promise<boolean> {
  const res = await trx
    .updateTable('news_article')
    .set(patch)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
export async function deleteArticle(trx: Db, id: string): Promise<boolean> {
  await trx.deleteFrom('news_article_file').where('article_id', '=', id).execute();
  const res = await trx.deleteFrom('news_article').where('id', '=', id).where('status', 'in', ['draft', 'returned']).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
export async function articleFiles(db: Db, id: string) {
  return db
    .selectFrom('news_article_file')
    .select(['file_id', 'file_name', 'role'])
    .where('article_id', '=', id)
    .orderBy('sort_no')
    .execute();
}
export async function setArticleFiles(
  trx: Db,
  id: string,
  files: ReadonlyArray<{ file_id: string; file_name: string; role: 'attachment' | 'image' | 'cover' }>,
) {
  await trx.deleteFrom('news_article_file').where('article_id', '=', id).execute();
  const uniq = [...new Map(files.map((f) => [`${f.file_id}:${f.role}`, f])).values()];
  if (uniq.length)
    await trx
      .insertInto('news_article_file')
      .values(uniq.map((f, i) => ({ article_id: id, ...f, sort_no: i })))
      .execute();
}
/** Files the user may attach: their own uploads, or files already on this article. */
export async function attachableFiles(db: Db, ids: readonly string[], owner: string, articleId: string | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const own = await ownFileIds(db, ids, owner);
  const onIt = articleId
    ? await db
        .selectFrom('news_article_file')
        .select('file_id as id')
        .where('article_id', '=', articleId)
        .where('file_id', 'in', [...ids])
        .execute()
    : [];
  return new Set([...own, ...onIt.map((r) => r.id)]);
}
/** Whether a file is a live image (a cover must be one). */
export async function isImage(db: Db, fileId: string): Promise<boolean> {
  return (await imageFileIds(db, [fileId])).length === 1;
}
export async function articlesWithFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom('news_article_file').select('article_id').where('file_id', '=', fileId).execute();
  return rows.map((r) => r.article_id);
}

/** Records a first read; true when this is the user's first (the count goes up in the same transaction). */
export async function markRead(trx: Db, id: string, userCode: string, at: string): Promise<boolean> {
  const ins = await trx
    .insertInto('news_read')
    .values({ article_id: id, user_code: userCode, read_at: at })
    .onConflict((oc) => oc.columns(['article_id', 'user_code']).doNothing())
    .returning('article_id')
    .executeTakeFirst();
  if (!ins) return false;
  await trx
    .updateTable('news_article')
    .set({ read_count: sql<number>`read_count + 1` })
    .where('id', '=', id)
    .execute();
  return true;
}
export async function readersOf(db: Db, id: string) {
  return db
    .selectFrom('news_read as r')
    .innerJoin('sys_user as u', 'u.user_code', 'r.user_code')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'd.dept_name', 'r.read_at'])
    .where('r.article_id', '=', id)
    .orderBy('r.read_at', 'desc')
    .limit(1000)
    .execute();
}
type Scope = { all: boolean; depts: string[]; users: string[] };
/**
 * The one rule of who opens a column's published articles: active staff (members of the OA platform, never an
 * outside applicant) in the column's read scope, and the column's publishers. The detail and its files ask it
 * for one user (`isColumnReader`); the unread list and the read reminder take it minus the readers.
 */
function columnReaders(db: Db, scope: Scope, columnCode: string) {
  const staff = db.selectFrom('sys_user_platform').select('user_code').where('platform_code', '=', PLATFORM.OA);
  const publishers = db.selectFrom('sys_column_user').select('user_code').where('column_code', '=', columnCode);
  let q = db.selectFrom('sys_user as u').where('u.status', '=', 'Y').where('u.user_code', 'in', staff);
  if (!scope.all) {
    q = q.where((eb) =>
      eb.or([
        eb('u.dept_code', 'in', scope.depts.length ? scope.depts : ['']),
        eb('u.user_code', 'in', scope.users.length ? scope.users : ['']),
        eb('u.user_code', 'in', publishers),
      ]),
    );
  }
  return q;
}
export async function isColumnReader(db: Db, scope: Scope, columnCode: string, userCode: string): Promise<boolean> {
  return !!(await columnReaders(db, scope, columnCode).select('u.user_code').where('u.user_code', '=', userCode).executeTakeFirst());
}
/** The column's readers who have not read the article. */
function unreadQuery(db: Db, id: string, scope: Scope, columnCode: string) {
  return columnReaders(db, scope, columnCode).where(({ not, exists, selectFrom }) =>
    not(
      exists(selectFrom('news_read as r').select('r.user_code').where('r.article_id', '=', id).whereRef('r.user_code', '=', 'u.user_code')),
    ),
  );
}
/** The unread list shown to the publisher (at most 500). */
export async function unreadOf(db: Db, id: string, scope: Scope, columnCode: string) {
  return unreadQuery(db, id, scope, columnCode)
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'd.dept_name'])
    .orderBy('u.sort_no')
    .limit(500)
    .execute();
}
/** Every unread user in the scope (read reminders). */
export async function unreadUserCodes(db: Db, id: string, scope: Scope, columnCode: string): Promise<string[]> {
  const rows = await unreadQuery(db, id, scope, columnCode).select('u.user_code').execute();
  return rows.map((r) => r.user_code);
}
/** Claims the article's reminder (published, not reminded since `notSince`): two presses at once, one wins. */
export async function claimReminder(trx: Db, id: string, at: string, notSince: string): Promise<boolean> {
  const res = await trx
    .updateTable('news_article')
    .set({ reminded_at: at })
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<=', notSince)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function publishedInColumn(db: Db, code: string) {
  return db.selectFrom('news_article').select('id').where('column_code', '=', code).where('status', '=', 'published').execute();
}

export async function upsertRecommend(
  trx: Db,
  r: {
    article_id: string;
    target: string;
    state: string;
    note: string | null;
    recommended_by: string;
    recommended_by_name: string;
    at: string;
  },
) {
  await trx
    .insertInto('news_recommend')
    .values({
      article_id: r.article_id,
      target: r.target,
      state: r.state,
      note: r.note,
      recommended_by: r.recommended_by,
      recommended_by_name: r.recommended_by_name,
      recommended_at: r.at,
      updated_at: r.at,
    })
    .onConflict((oc) =>
      oc.column('article_id').doUpdateSet({
        target: r.target,
        state: r.state,
        note: r.note,
        recommended_by: r.recommended_by,
        recommended_by_name: r.recommended_by_name,
        updated_at: r.at,
      }),
    )
    .execute();
}
export async function deleteRecommend(trx: Db, id: string) {
  await trx.deleteFrom('news_recommend').where('article_id', '=', id).execute();
}

/** Per department in a period: published submissions and how many were adopted / commended. */
export async function deptScores(db: Db, from: string, to: string) {
  return db
    .selectFrom('news_article as a')
    .innerJoin('org_dept as d', 'd.dept_code', 'a.dept_code')
    .leftJoin('news_recommend as r', 'r.article_id', 'a.id')
    .select([
      'd.dept_code',
      'd.dept_name',
      (eb) => eb.fn.countAll<number>().as('submissions'),
      (eb) => eb.fn.sum<number>(eb.case().when('r.state', '=', 'adopted').then(1).else(0).end()).as('adopted'),
      (eb) => eb.fn.sum<number>(eb.case().when('r.state', '=', 'commended').then(1).else(0).end()).as('commended'),
    ])
    .where('a.status', '=', 'published')
    .where('a.published_at', '>=', from)
    .where('a.published_at', '<', to)
    .groupBy(['d.dept_code', 'd.dept_name'])
    .execute();
}

/**
 * The next page of published article ids after `after` (id order, `limit` of them) and those of them the
 * search index does not know yet (start-up back-fill). `last` is null when there are none after `after`.
 */
export async function unindexedArticlesAfter(db: Db, after: string, limit: number): Promise<{ last: string | null; ids: string[] }> {
  const published = () => db.selectFrom('news_article as a').select('a.id').where('a.status', '=', 'published').where('a.id', '>', after);
  const page = await published().orderBy('a.id').limit(limit).execute();
  if (page.length === 0) return { last: null, ids: [] };
  const last = page[page.length - 1].id;
  const rows = await published()
    .where('a.id', '<=', last)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('search_entry as e').select('e.ref_id').where('e.kind', '=', 'article').whereRef('e.ref_id', '=', 'a.id'))),
    )
    .orderBy('a.id')
    .execute();
  return { last, ids: rows.map((r) => r.id) };
}
