import { randomBytes } from 'node:crypto';
import type { Paged } from '@oa/shared/contract/envelope';
import { SPACE_META, type PostBody, type SpaceKind, type TopicBody, type TopicDetail, type TopicItem } from '@oa/shared/contract/spaces';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { viewerOf } from '../../core/identity/account-viewer';
import { cleanRichText } from '../../core/rich-text';
import { READER, indexEntry, removeEntry } from '../../core/search/search-index';
import type { Db } from '../../db/database';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { scopeNames, scopeOf, setScope } from '../../core/access/scope.repository';
import * as repo from './spaces.repository';

/** Who acts (built by the routes from the session). */
export interface SpaceViewer {
  userCode: string;
  userName: string;
  deptCode: string | null;
  isAdmin: boolean;
}

const newId = (p: string) => `${p}${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
const readerOf = (v: SpaceViewer): repo.Reader => ({ userCode: v.userCode, deptCode: v.deptCode, all: v.isAdmin });

function scopeText(scope: string, entries: ReadonlyArray<{ kind: string; name?: string; code: string }>): string {
  if (scope === 'all') return '全体人员';
  const names = entries.map((e) => e.name ?? e.code);
  return names.length > 3 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 项` : names.join('、');
}

function item(r: repo.TopicListRow): TopicItem {
  return {
    id: r.id,
    kind: r.kind as SpaceKind,
    title: r.title,
    summary: r.body_text.slice(0, 120),
    scope: r.scope as 'all' | 'scoped',
    scopeText: r.scope === 'all' ? '全体人员' : '指定范围',
    author: r.author,
    authorName: r.author_name,
    deptName: r.dept_name ?? null,
    postCount: Number(r.post_count),
    fileCount: Number(r.file_count ?? 0),
    lastPostAt: r.last_post_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function list(
  ctx: AppContext,
  v: SpaceViewer,
  q: { kind: SpaceKind; keyword?: string; mine?: 'Y' | 'N'; pageNumber: number; pageSize: number },
): Promise<Paged<TopicItem>> {
  const { rows, total, totalCapped } = await repo.listTopics(ctx.db, {
    kind: q.kind,
    reader: readerOf(v),
    keyword: q.keyword || undefined,
    mine: q.mine === 'Y',
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map(item), total, totalCapped, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** The 协作空间 home widget: latest topics of any kind visible to me. */
export async function latest(ctx: AppContext, v: SpaceViewer, limit: number): Promise<TopicItem[]> {
  return (await repo.listTopics(ctx.db, { reader: readerOf(v), offset: 0, limit, count: false })).rows.map(item);
}

async function canSee(db: Db, v: SpaceViewer, t: { id: string; scope: string; author: string }): Promise<boolean> {
  if (v.isAdmin || t.scope === 'all' || t.author === v.userCode) return true;
  const s = await scopeOf(db, 'topic', [t.id]);
  return s.some((e) => (e.kind === 'user' && e.code === v.userCode) || (e.kind === 'dept' && !!v.deptCode && e.code === v.deptCode));
}

async function visible(ctx: AppContext, v: SpaceViewer, id: string, kind?: SpaceKind): Promise<repo.TopicRow> {
  const t = await repo.findTopic(ctx.db, id);
  if (!t || (kind && t.kind !== kind) || !(await canSee(ctx.db, v, t))) throw notFound('主题不存在或无权查看');
  return t;
}

export async function detail(ctx: AppContext, v: SpaceViewer, id: string): Promise<TopicDetail> {
  const t = await visible(ctx, v, id);
  const scope = await scopeOf(ctx.db, 'topic', [id]);
  const names = await scopeNames(ctx.db, scope);
  const readers = scope.map((e) => ({
    kind: e.kind as 'dept' | 'user',
    code: e.code,
    name: (e.kind === 'dept' ? names.depts : names.users).get(e.code) ?? e.code,
  }));
  const files = (await repo.filesOf(ctx.db, id)).map((f) => ({
    fileId: f.file_id,
    fileName: f.file_name,
    size: Number(f.size),
    uploaderName: f.user_name ?? null,
    createdAt: f.created_at,
    postId: f.post_id,
  }));
  const owner = t.author === v.userCode || v.isAdmin;
  const posts = (await repo.postsOf(ctx.db, id)).map((p) => ({
    id: p.id,
    bodyHtml: p.body_html,
    author: p.author,
    authorName: p.author_name,
    createdAt: p.created_at,
    files: files.filter((f) => f.postId === p.id),
    canDelete: owner || p.author === v.userCode,
  }));
  return {
    id: t.id,
    kind: t.kind as SpaceKind,
    title: t.title,
    summary: t.body_text.slice(0, 120),
    scope: t.scope as 'all' | 'scoped',
    scopeText: scopeText(t.scope, readers),
    author: t.author,
    authorName: t.author_name,
    deptName: t.dept_name ?? null,
    postCount: Number(t.post_count),
    fileCount: files.length,
    lastPostAt: t.last_post_at,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
    bodyHtml: t.body_html,
    readers,
    files: files.filter((f) => !f.postId),
    posts,
    can: { edit: owner, delete: owner, post: true },
  };
}

async function checkFiles(ctx: AppContext, v: SpaceViewer, ids: string[], topicId: string | null) {
  const ok = await repo.attachable(ctx.db, ids, v.userCode, topicId);
  if (ids.some((i) => !ok.has(i))) throw badRequest('只能使用自己上传的图片和附件', 'files');
}

const fileTaken = () => badRequest('该文件已附在本主题的其他位置，请重新上传', 'files');

/** A file sits once in a topic: not on the topic and a reply at the same time, nor on two replies. */
async function checkOnce(ctx: AppContext, topicId: string, files: ReadonlyArray<{ fileId: string }>, replacingTopicFiles: boolean) {
  const ids = files.map((f) => f.fileId);
  if ((await repo.attachedInTopic(ctx.db, topicId, ids, replacingTopicFiles)).length) throw fileTaken();
}

function topicReaders(scope: string, entries: ReadonlyArray<{ kind: string; code: string }>, author: string): string[] {
  if (scope === 'all') return [READER.all];
  return [...entries.map((e) => (e.kind === 'dept' ? READER.dept(e.code) : READER.user(e.code))), READER.user(author), READER.admin];
}

/** Indexes for search the topics written without the service (demo data): the start-up back-fill (core runBackfill). */
export async function* backfillSteps(ctx: AppContext): AsyncGenerator<void> {
  for (const id of await repo.unindexedTopicIds(ctx.db)) {
    await ctx.db.transaction().execute((trx) => reindexTopic(trx, id));
    yield;
  }
}

async function reindexTopic(trx: Db, id: string): Promise<void> {
  const t = await repo.findTopic(trx, id);
  if (!t) return;
  const readers = topicReaders(t.scope, await scopeOf(trx, 'topic', [id]), t.author);
  const link = `${SPACE_META[t.kind as SpaceKind].base}/view?id=${t.id}`;
  await indexEntry(trx, {
    kind: 'topic',
    refId: t.id,
    module: t.kind,
    title: t.title,
    body: t.body_text,
    link,
    updatedAt: t.updated_at,
    readers,
  });
  for (const p of await repo.postsOf(trx, id)) {
    await indexEntry(trx, {
      kind: 'post',
      refId: p.id,
      module: t.kind,
      title: `回复：${t.title}`,
      body: p.body_text,
      link,
      updatedAt: p.created_at,
      readers,
    });
  }
}

/** Creates or (author / administrator) edits a topic: rich text sanitised, scope and files replaced, index refreshed. */
/** A topic as its audit row shows it. */
type TopicState = { title: string; scope: string } | null;

export async function saveTopic(
  ctx: AppContext,
  v: SpaceViewer,
  body: TopicBody,
  audit: AuditLast<{ id: string; before: TopicState; after: TopicState }>,
): Promise<string> {
  const existing = body.id ? await repo.findTopic(ctx.db, body.id) : undefined;
  if (body.id && (!existing || existing.kind !== body.kind || !(await canSee(ctx.db, v, existing)))) throw notFound('主题不存在或无权查看');
  if (existing && existing.author !== v.userCode && !v.isAdmin) throw bizError('只有发起人和管理员可以修改');
  const clean = cleanRichText(body.bodyHtml);
  if (!clean.text && clean.imageIds.length === 0) throw badRequest('请输入内容', 'bodyHtml');
  if (body.scope === 'scoped' && body.readers.length === 0) throw badRequest('请选择可见的部门或人员', 'readers');
  if (body.scope === 'scoped' && (await repo.knownScope(ctx.db, body.readers)) !== body.readers.length)
    throw badRequest('可见范围中有不存在的部门或人员', 'readers');
  await checkFiles(ctx, v, [...body.files.map((f) => f.fileId), ...clean.imageIds], existing?.id ?? null);
  if (existing) await checkOnce(ctx, existing.id, body.files, true);
  const at = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const id = existing?.id ?? newId('T');
    const fields = { title: body.title, body_html: clean.html, body_text: clean.text, scope: body.scope };
    if (existing) {
      if (!(await repo.updateTopic(trx, id, { ...fields, updated_at: at }, existing.updated_at)))
        throw bizError('该主题已被他人修改，请刷新后重试');
    } else {
      await repo.insertTopic(trx, {
        id,
        kind: body.kind,
        ...fields,
        author: v.userCode,
        author_name: v.userName,
        dept_code: v.deptCode,
        post_count: 0,
        last_post_at: at,
        created_at: at,
        updated_at: at,
      });
    }
    await setScope(trx, 'topic', id, body.scope === 'scoped' ? body.readers : []);
    if (!(await repo.setTopicFiles(trx, id, null, body.files, v.userCode, at))) throw fileTaken();
    await reindexTopic(trx, id);
    const before = existing ? { title: existing.title, scope: existing.scope } : null;
    await audit(trx, { id, before, after: { title: body.title, scope: body.scope } });
    return id;
  });
}

export async function deleteTopic(
  ctx: AppContext,
  v: SpaceViewer,
  id: string,
  audit: AuditLast<{ title: string; posts: number }>,
): Promise<void> {
  const t = await visible(ctx, v, id);
  if (t.author !== v.userCode && !v.isAdmin) throw bizError('只有发起人和管理员可以删除');
  await ctx.db.transaction().execute(async (trx) => {
    const posts = await repo.deleteTopic(trx, id);
    await removeEntry(trx, 'topic', id);
    for (const p of posts) await removeEntry(trx, 'post', p);
    await audit(trx, { title: t.title, posts: posts.length });
  });
}

/** Anyone who sees the topic may post in it. */
export async function addPost(ctx: AppContext, v: SpaceViewer, body: PostBody): Promise<string> {
  const t = await visible(ctx, v, body.topicId);
  const clean = cleanRichText(body.bodyHtml);
  if (!clean.text && clean.imageIds.length === 0 && body.files.length === 0) throw badRequest('请输入回复内容', 'bodyHtml');
  await checkFiles(ctx, v, [...body.files.map((f) => f.fileId), ...clean.imageIds], null);
  await checkOnce(ctx, t.id, body.files, false);
  const at = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const id = newId('P');
    await repo.insertPost(trx, {
      id,
      topic_id: t.id,
      body_html: clean.html,
      body_text: clean.text,
      author: v.userCode,
      author_name: v.userName,
      created_at: at,
      updated_at: at,
    });
    if (!(await repo.setTopicFiles(trx, t.id, id, body.files, v.userCode, at))) throw fileTaken();
    await reindexTopic(trx, t.id);
    return id;
  });
}

export async function deletePost(ctx: AppContext, v: SpaceViewer, id: string): Promise<void> {
  const p = await repo.findPost(ctx.db, id);
  const t = p ? await repo.findTopic(ctx.db, p.topic_id) : undefined;
  if (!p || !t || !(await canSee(ctx.db, v, t))) throw notFound('回复不存在或无权查看');
  if (p.author !== v.userCode && t.author !== v.userCode && !v.isAdmin) throw bizError('只有回复人、发起人和管理员可以删除');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deletePost(trx, p);
    await removeEntry(trx, 'post', id);
  });
}

/** Download grant: files and body images of a topic are readable within its scope. */
export async function fileReadable(ctx: AppContext, v: SpaceViewer, fileId: string): Promise<boolean> {
  const ids = new Set([...(await repo.topicsWithFile(ctx.db, fileId)), ...(await repo.topicsWithImage(ctx.db, fileId))]);
  for (const id of ids) {
    const t = await repo.findTopic(ctx.db, id);
    if (t && (await canSee(ctx.db, v, t))) return true;
  }
  return false;
}

/** The viewer a file grant or the search checks for a user code (null: unknown or disabled). */
export const viewerByCode = (ctx: AppContext, userCode: string): Promise<SpaceViewer | null> => viewerOf(ctx.db, userCode);
