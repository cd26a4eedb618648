import { sql } from 'kysely';
import { ownFileIds } from '../../core/files/own-files.repository';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/count-capped';
import type { SpaceTopicTable } from '../../db/schema/news';
import { scopeNames } from '../../core/access/scope.repository';
import { containsPattern } from '../../db/like';

/** All SQL of spaces: topics (visible by scope), posts, files. */

export interface Reader {
  userCode: string;
  deptCode: string | null;
  all: boolean;
}

/**
 * Topics of a kind the reader may see: scope everyone, their own, or they (or their department) are in its
 * scope. The page walks (kind, last_post_at) — or (last_post_at) for every kind — newest first and checks each
 * topic's scope until the page is full; the total is counted up to 10,000 (`countCapped`). `count: false`
 * (the home widget) reads the page alone.
 */
export async function listTopics(
  db: Db,
  f: { kind?: string; reader: Reader; keyword?: string; mine?: boolean; offset: number; limit: number; count?: boolean },
) {
  let q = db.selectFrom('space_topic as t');
  if (f.kind) q = q.where('t.kind', '=', f.kind);
  if (f.mine) q = q.where('t.author', '=', f.reader.userCode);
  if (f.keyword) q = q.where('t.title', 'like', containsPattern(f.keyword));
  if (!f.reader.all) {
    const r = f.reader;
    q = q.where((eb) =>
      eb.or([
        eb('t.scope', '=', 'all'),
        eb('t.author', '=', r.userCode),
        eb.exists(
          eb
            .selectFrom('oa_scope as s')
            .select('s.owner_id')
            .where('s.owner_type', '=', 'topic')
            .whereRef('s.owner_id', '=', 't.id')
            .where((w) =>
              w.or([
                w.and([w('s.kind', '=', 'user'), w('s.code', '=', r.userCode)]),
                w.and([w('s.kind', '=', 'dept'), w('s.code', '=', r.deptCode ?? '')]),
              ]),
            ),
        ),
      ]),
    );
  }
  const rows = await q
    .leftJoin('org_dept as d', 'd.dept_code', 't.dept_code')
    .select([
      't.id',
      't.kind',
      't.title',
      't.body_text',
      't.scope',
      't.author',
      't.author_name',
      't.post_count',
      't.last_post_at',
      't.created_at',
      't.updated_at',
      't.dept_code',
      'd.dept_name',
      (eb) =>
        eb.selectFrom('space_file as f').select(eb.fn.countAll<number>().as('n')).whereRef('f.topic_id', '=', 't.id').as('file_count'),
    ])
    .orderBy('t.last_post_at', 'desc')
    .orderBy('t.id', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  const counted = f.count === false ? { total: rows.length, totalCapped: false } : await countCapped(db, q);
  return { rows, ...counted };
}
export type TopicListRow = Awaited<ReturnType<typeof listTopics>>['rows'][number];

export async function findTopic(db: Db, id: string) {
  return db
    .selectFrom('space_topic as t')
    .leftJoin('org_dept as d', 'd.dept_code', 't.dept_code')
    .selectAll('t')
    .select('d.dept_name')
    .where('t.id', '=', id)
    .executeTakeFirst();
}
export type TopicRow = NonNullable<Awaited<ReturnType<typeof findTopic>>>;

export async function knownScope(db: Db, entries: ReadonlyArray<{ kind: string; code: string }>): Promise<number> {
  const n = await scopeNames(db, entries);
  return entries.filter((e) => (e.kind === 'dept' ? n.depts.has(e.code) : n.users.has(e.code))).length;
}

export async function insertTopic(trx: Db, row: SpaceTopicTable) {
  await trx.insertInto('space_topic').values(row).execute();
}
export async function updateTopic(trx: Db, id: string, patch: Partial<SpaceTopicTable>, expectedUpdatedAt?: string): Promise<boolean> {
  let q = trx.updateTable('space_topic').set(patch).where('id', '=', id);
  if (expectedUpdatedAt) q = q.where('updated_at', '=', expectedUpdatedAt);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
export async function deleteTopic(trx: Db, id: string): Promise<string[]> {
  const posts = await trx.selectFrom('space_post').select('id').where('topic_id', '=', id).execute();
  await trx.deleteFrom('space_file').where('topic_id', '=', id).execute();
  await trx.deleteFrom('space_post').where('topic_id', '=', id).execute();
  await trx.deleteFrom('oa_scope').where('owner_type', '=', 'topic').where('owner_id', '=', id).execute();
  await trx.deleteFrom('space_topic').where('id', '=', id).execute();
  return posts.map((p) => p.id);
}

export async function postsOf(db: Db, topicId: string) {
  return db.selectFrom('space_post').selectAll().where('topic_id', '=', topicId).orderBy('created_at').orderBy('id').execute();
}
export async function findPost(db: Db, id: string) {
  return db.selectFrom('space_post').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertPost(
  trx: Db,
  row: {
    id: string;
    topic_id: string;
    body_html: string;
    body_text: string;
    author: string;
    author_name: string;
    created_at: string;
    updated_at: string;
  },
) {
  await trx.insertInto('space_post').values(row).execute();
  await trx
    .updateTable('space_topic')
    .set({ post_count: sql<number>`post_count + 1`, last_post_at: row.created_at })
    .where('id', '=', row.topic_id)
    .execute();
}
export async function deletePost(trx: Db, post: { id: string; topic_id: string }) {
  await trx.deleteFrom('space_file').where('post_id', '=', post.id).execute();
  const res = await trx.deleteFrom('space_post').where('id', '=', post.id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 1)
    await trx
      .updateTable('space_topic')
      .set({ post_count: sql<number>`post_count - 1` })
      .where('id', '=', post.topic_id)
      .execute();
}

export async function filesOf(db: Db, topicId: string) {
  return db
    .selectFrom('space_file as f')
    .leftJoin('sys_user as u', 'u.user_code', 'f.uploader')
    .select(['f.file_id', 'f.file_name', 'f.size', 'f.post_id', 'f.created_at', 'u.user_name'])
    .where('f.topic_id', '=', topicId)
    .orderBy('f.created_at')
    .execute();
}
export async function setTopicFiles(
  trx: Db,
  topicId: string,
  postId: string | null,
  files: ReadonlyArray<{ fileId: string; fileName: string }>,
  uploader: string,
  at: string,
): Promise<boolean> {
  let del = trx.deleteFrom('space_file').where('topic_id', '=', topicId);
  del = postId ? del.where('post_id', '=', postId) : del.where('post_id', 'is', null);
  await del.execute();
  if (files.length === 0) return true;
  const sizes = await trx
    .selectFrom('sys_file')
    .select(['id', 'size'])
    .where(
      'id',
      'in',
      files.map((f) => f.fileId),
    )
    .execute();
  const size = new Map(sizes.map((s) => [s.id, Number(s.size)]));
  const uniq = [...new Map(files.map((f) => [f.fileId, f])).values()];
  const res = await trx
    .insertInto('space_file')
    .values(
      uniq.map((f) => ({
        topic_id: topicId,
        file_id: f.fileId,
        post_id: postId,
        file_name: f.fileName,
        size: size.get(f.fileId) ?? 0,
        uploader,
        created_at: at,
      })),
    )
    // a file already in the topic (another reply at the same instant) is skipped, not a key violation
    .onConflict((oc) => oc.columns(['topic_id', 'file_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === uniq.length;
}

/** Files the user may attach: their own uploads, or files already in this topic. */
export async function attachable(db: Db, ids: readonly string[], owner: string, topicId: string | null): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const own = await ownFileIds(db, ids, owner);
  const onIt = topicId
    ? await db
        .selectFrom('space_file')
        .select('file_id as id')
        .where('topic_id', '=', topicId)
        .where('file_id', 'in', [...ids])
        .execute()
    : [];
  return new Set([...own, ...onIt.map((r) => r.id)]);
}
/**
 * Of the files named, those already attached in this topic: on a reply (`replacingTopicFiles`: the topic's own
 * files are about to be replaced), or anywhere in it (a new reply).
 */
export async function attachedInTopic(db: Db, topicId: string, ids: readonly string[], replacingTopicFiles: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('space_file')
    .select('file_id')
    .where('topic_id', '=', topicId)
    .where('file_id', 'in', [...ids]);
  if (replacingTopicFiles) q = q.where('post_id', 'is not', null);
  return (await q.execute()).map((r) => r.file_id);
}
export async function topicsWithFile(db: Db, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom('space_file').select('topic_id').where('file_id', '=', fileId).execute();
  return rows.map((r) => r.topic_id);
}
/** Images in rich text are found by their id inside the stored HTML of the topic or its posts. */
export async function topicsWithImage(db: Db, fileId: string): Promise<string[]> {
  const like = containsPattern(`data-file-id="${fileId}"`);
  const t = await db.selectFrom('space_topic').select('id').where('body_html', 'like', like).limit(20).execute();
  const p = await db.selectFrom('space_post').select('topic_id as id').where('body_html', 'like', like).limit(20).execute();
  return [...new Set([...t, ...p].map((r) => r.id))];
}

/** Topics the search index does not know yet (start-up back-fill). */
export async function unindexedTopicIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('space_topic as t')
    .select('t.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('search_entry as e').select('e.ref_id').where('e.kind', '=', 'topic').whereRef('e.ref_id', '=', 't.id'))),
    )
    .execute();
  return rows.map((r) => r.id);
}
