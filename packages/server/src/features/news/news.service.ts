import { chinaTime } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { articleStage } from '@oa/shared/contract/news';
import type {
  ArticleBody,
  ArticleDetail,
  ArticleItem,
  ArticleListQuery,
  ArticlePage,
  ArticleStage,
  ArticleStatus,
} from '@oa/shared/contract/news';
import { NEWS_MODULE } from '@oa/shared/contract/news';
import type { Paged } from '@oa/shared/contract/envelope';
import type { AppContext } from '../../core/context';
import { viewerOf } from '../../core/identity/account-viewer';
import { insertNotices } from '../../core/ports/notice.repository';
import { cleanRichText } from '../../core/rich-text';
import { indexEntry, removeEntry } from '../../core/search/search-index';
import type { Db } from '../../db/database';
import type { AuditLast } from '../../core/audit';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { articleReaders, columnScopes, isManager, readableColumns, RECOMMEND_PERM, recommendRefusal, type Viewer } from './news.access';
import * as repo from './news.repository';

const EDITABLE: ArticleStatus[] = ['draft', 'returned', 'withdrawn'];
const newId = () => `N${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

function toItem(r: repo.ArticleListRow): ArticleItem {
  return {
    id: r.id,
    columnCode: r.column_code,
    columnName: r.column_name ?? r.column_code,
    title: r.title,
    summary: r.summary,
    coverFile: r.cover_file,
    source: r.source,
    deptCode: r.dept_code,
    deptName: r.dept_name ?? null,
    author: r.author,
    authorName: r.author_name,
    isTop: r.is_top,
    publishAt: r.publish_at,
    status: r.status as ArticleStatus,
    stage: articleStage({ status: r.status, publishedAt: r.published_at }, nowIso()),
    readCount: Number(r.read_count),
    submittedAt: r.submitted_at,
    publishedAt: r.published_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    recommend: r.rec_state
      ? { target: r.rec_target!, state: r.rec_state, byName: r.rec_by!, at: r.rec_at!, note: r.rec_note ?? null }
      : null,
  };
}

/** A list's filter of a stage: 已发布 and 待发布 are both stored as published, before or after their time. */
const stageFilter = (
  stage: ArticleStage | undefined,
  now: string,
): Pick<repo.ListFilter, 'status' | 'publishedBefore' | 'publishedAfter'> =>
  stage === 'scheduled'
    ? { status: 'published', publishedAfter: now }
    : stage === 'published'
      ? { status: 'published', publishedBefore: now }
      : { status: stage };

/** Lists: published (readable columns, publish time reached), mine (any status), manage (all; managers). */
export async function list(ctx: AppContext, v: Viewer, q: ArticleListQuery): Promise<ArticlePage> {
  const now = nowIso();
  const page = { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize, keyword: q.keyword || undefined };
  let f: repo.ListFilter;
  if (q.view === 'mine')
    f = { ...page, author: v.userCode, ...stageFilter(q.status, now), columnCodes: q.columnCode ? [q.columnCode] : undefined };
  else if (q.view === 'manage') {
    if (!(await isManager(v))) throw bizError('只有信息管理员可以查看全部稿件');
    f = { ...page, ...stageFilter(q.status, now), columnCodes: q.columnCode ? [q.columnCode] : undefined };
  } else {
    const readable = await readableColumns(ctx.db, v);
    const cols = q.columnCode ? await withChildren(ctx.db, q.columnCode, readable) : readable;
    const countUpTo = (q.pageNumber + 10) * q.pageSize;
    f = { ...page, status: 'published', publishedBefore: now, columnCodes: cols, topFirst: !!q.columnCode, countUpTo };
  }
  const { rows, total } = await repo.listArticles(ctx.db, f);
  const more = f.countUpTo !== undefined && total > f.countUpTo;
  return { list: rows.map(toItem), total: more ? f.countUpTo! : total, more, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** A column and its sub-columns, kept to the readable ones. */
async function withChildren(db: Db, code: string, readable: readonly string[]): Promise<string[]> {
  const scopes = await columnScopes(db);
  const out = new Set<string>([code]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [c, s] of scopes)
      if (s.parent && out.has(s.parent) && !out.has(c)) {
        out.add(c);
        grew = true;
      }
  }
  return [...out].filter((c) => readable.includes(c));
}

export async function latest(ctx: AppContext, v: Viewer, columns: string[] | null, limit: number): Promise<ArticleItem[]> {
  const readable = await readableColumns(ctx.db, v);
  const cols = columns ? readable.filter((c) => columns.includes(c)) : readable;
  const { rows } = await repo.listArticles(ctx.db, {
    columnCodes: cols,
    status: 'published',
    publishedBefore: nowIso(),
    offset: 0,
    limit,
    countUpTo: 0,
  });
  return rows.map(toItem);
}

/** May the viewer read this article? Author, managers, approvers of it; others only when published in a readable column. */
export async function canRead(
  ctx: AppContext,
  v: Viewer,
  a: { id: string; author: string; status: string; column_code: string; published_at: string | null },
): Promise<boolean> {
  if (a.author === v.userCode || (await isManager(v))) return true;
  if (articleStage({ status: a.status, publishedAt: a.published_at }, nowIso()) === 'published') {
    const scope = (await columnScopes(ctx.db)).get(a.column_code);
    if (scope && (await repo.isColumnReader(ctx.db, scope, a.column_code, v.userCode))) return true;
  }
  return (
    a.status !== 'draft' && (await ctx.workflow.isParticipant(ctx.db, { moduleCode: NEWS_MODULE, recordId: a.id, userCode: v.userCode }))
  );
}

async function readable(ctx: AppContext, v: Viewer, id: string): Promise<repo.ArticleRow> {
  const a = await repo.findArticle(ctx.db, id);
  if (!a || !(await canRead(ctx, v, a))) throw notFound('信息不存在或无权查看');
  return a;
}

export async function detail(ctx: AppContext, v: Viewer, id: string, countRead: boolean): Promise<ArticleDetail> {
  let a = await readable(ctx, v, id);
  const live = articleStage({ status: a.status, publishedAt: a.published_at }, nowIso()) === 'published';
  if (countRead && live && (await ctx.db.transaction().execute((trx) => repo.markRead(trx, id, v.userCode, nowIso()))))
    a = (await repo.findArticle(ctx.db, id))!;
  const files = await repo.articleFiles(ctx.db, id);
  const mine = a.author === v.userCode;
  const manager = await isManager(v);
  const images = new Set(files.filter((f) => f.role === 'image').map((f) => f.file_id));
  return {
    ...toItem(a),
    bodyHtml: a.body_html,
    instanceId: a.instance_id,
    coverPicked: !!a.cover_file && !images.has(a.cover_file),
    inApproval:
      mine ||
      (a.status !== 'draft' &&
        (await ctx.workflow.isParticipant(ctx.db, { moduleCode: NEWS_MODULE, recordId: a.id, userCode: v.userCode }))),
    remindedAt: a.reminded_at ?? null,
    attachments: files.filter((f) => f.role === 'attachment').map((f) => ({ fileId: f.file_id, fileName: f.file_name })),
    can: {
      edit: mine && EDITABLE.includes(a.status as ArticleStatus),
      submit: mine && EDITABLE.includes(a.status as ArticleStatus),
      withdraw: (mine && a.status === 'review') || ((mine || manager) && a.status === 'published'),
      delete: mine && (a.status === 'draft' || a.status === 'returned'),
      readers: mine || manager,
      remind: (mine || manager) && live,
      recommend: !recommendRefusal(a, nowIso()) && (v.isAdmin || (await v.can(RECOMMEND_PERM))),
    },
  };
}

async function checkBody(db: Db, v: Viewer, manager: boolean, body: ArticleBody, existingId: string | null) {
  const col = await repo.column(db, body.columnCode);
  if (!col) throw badRequest('栏目不存在', 'columnCode');
  if (!manager && !(await repo.publisherColumns(db, v.userCode)).has(body.columnCode))
    throw bizError(`您没有在栏目「${col.column_name}」发布信息的权限`);
  const clean = cleanRichText(body.bodyHtml);
  if (!clean.text && clean.imageIds.length === 0) throw badRequest('请输入正文', 'bodyHtml');
  const ids = [...clean.imageIds, ...body.attachments.map((f) => f.fileId), ...(body.coverFile ? [body.coverFile] : [])];
  const ok = await repo.attachableFiles(db, ids, v.userCode, existingId);
  const bad = ids.find((i) => !ok.has(i));
  if (bad) throw badRequest('只能使用自己上传的图片和附件', body.coverFile === bad ? 'coverFile' : 'attachments');
  if (body.coverFile && !(await repo.isImage(db, body.coverFile))) throw badRequest('封面须为图片（png、jpg、gif、webp）', 'coverFile');
  if (body.publishAt && Number.isNaN(Date.parse(body.publishAt))) throw badRequest('定时发布时间格式不正确', 'publishAt');
  return { clean, publishAt: body.publishAt ? new Date(body.publishAt).toISOString() : null };
}

/** Saves a draft (new or own, still editable); returns its id. */
export async function save(ctx: AppContext, v: Viewer, body: ArticleBody, trxIn?: Db, managerIn?: boolean): Promise<string> {
  const db = trxIn ?? ctx.db;
  // permission checks read through the session's connection: never inside our transaction (SQLite has one)
  const manager = managerIn ?? (await isManager(v));
  const existing = body.id ? await repo.findArticle(db, body.id) : undefined;
  if (body.id && (!existing || existing.author !== v.userCode)) throw notFound('信息不存在或无权修改');
  if (existing && !EDITABLE.includes(existing.status as ArticleStatus)) throw bizError('审核中或已发布的信息不能修改');
  const { clean, publishAt } = await checkBody(db, v, manager, body, existing?.id ?? null);
  const at = nowIso();
  const fields = {
    column_code: body.columnCode,
    title: body.title,
    summary: body.summary || clean.text.slice(0, 120) || null,
    body_html: clean.html,
    body_text: clean.text,
    cover_file: body.coverFile ?? clean.imageIds[0] ?? null,
    source: body.source || null,
    dept_code: body.deptCode || v.deptCode,
    is_top: body.isTop,
    publish_at: publishAt,
    updated_at: at,
  };
  const files = [
    ...body.attachments.map((f) => ({ file_id: f.fileId, file_name: f.fileName, role: 'attachment' as const })),
    ...clean.imageIds.map((id) => ({ file_id: id, file_name: '正文图片', role: 'image' as const })),
    ...(fields.cover_file ? [{ file_id: fields.cover_file, file_name: '封面', role: 'cover' as const }] : []),
  ];
  const run = async (trx: Db) => {
    const id = existing?.id ?? newId();
    if (existing) {
      if (!(await repo.updateArticle(trx, id, EDITABLE, fields))) throw bizError('该信息已提交审核，不能再修改');
    } else {
      await repo.insertArticle(trx, {
        id,
        ...fields,
        author: v.userCode,
        author_name: v.userName,
        status: 'draft',
        instance_id: null,
        read_count: 0,
        submitted_at: null,
        published_at: null,
        created_at: at,
      });
    }
    await repo.setArticleFiles(trx, id, files);
    return id;
  };
  return trxIn ? run(trxIn) : ctx.db.transaction().execute(run);
}

/** Saves and submits into the approval workflow (oa_information), in one transaction. */
export async function submit(ctx: AppContext, v: Viewer, body: ArticleBody, audit: AuditLast<string>): Promise<string> {
  const wf = ctx.workflow;
  const manager = await isManager(v);
  return ctx.db.transaction().execute(async (trx) => {
    const id = await save(ctx, v, body, trx, manager);
    const at = nowIso();
    if (!(await repo.updateArticle(trx, id, EDITABLE, { status: 'review', submitted_at: at, updated_at: at })))
      throw bizError('该信息已提交审核，请勿重复提交');
    const col = await repo.column(trx, body.columnCode);
    const started = await wf.start(trx, {
      moduleCode: NEWS_MODULE,
      recordId: id,
      serialNo: id,
      title: body.title,
      initiator: v.userCode,
      deptCode: v.deptCode,
      form: {
        title: body.title,
        columnName: col?.column_name ?? body.columnCode,
        source: body.source ?? '',
        isTop: body.isTop,
        summary: body.summary ?? '',
      },
    });
    await repo.updateArticle(trx, id, ['review'], { instance_id: started.instanceId });
    if (started.outcome !== 'running') await applyOutcome(ctx, trx, id, started.outcome);
    await audit(trx, id);
    return id;
  });
}

/** The workflow's outcome for an article (inside the workflow action's transaction). */
export async function applyOutcome(ctx: AppContext, trx: Db, id: string, outcome: string): Promise<void> {
  const a = await repo.findArticle(trx, id);
  if (!a) throw new Error(`news: no article ${id}`);
  const at = nowIso();
  if (outcome === 'approved') {
    const publishedAt = a.publish_at && a.publish_at > at ? a.publish_at : at;
    if (!(await repo.updateArticle(trx, id, ['review'], { status: 'published', published_at: publishedAt, updated_at: at }))) return;
    await indexArticle(trx, { ...a, published_at: publishedAt });
  } else if (outcome === 'withdrawn') {
    await repo.updateArticle(trx, id, ['review'], { status: 'draft', updated_at: at });
  } else {
    await repo.updateArticle(trx, id, ['review'], { status: 'returned', updated_at: at });
  }
}

async function indexArticle(
  trx: Db,
  a: {
    id: string;
    title: string;
    summary: string | null;
    body_text: string;
    column_code: string;
    author: string;
    published_at: string | null;
    source: string | null;
  },
) {
  const scope = (await columnScopes(trx)).get(a.column_code);
  if (!scope) return;
  await indexEntry(trx, {
    kind: 'article',
    refId: a.id,
    title: a.title,
    body: `${a.source ?? ''} ${a.body_text}`,
    link: `/information/view?id=${a.id}`,
    updatedAt: a.published_at ?? nowIso(),
    visibleFrom: a.published_at,
    readers: articleReaders(scope, a.author),
  });
}

/** Re-indexes a column's published articles after its read scope changed. */
export async function reindexColumn(trx: Db, code: string): Promise<void> {
  for (const { id } of await repo.publishedInColumn(trx, code)) {
    const a = await repo.findArticle(trx, id);
    if (a) await indexArticle(trx, a);
  }
}

/**
 * Indexes for search the published articles written without the service (demo data, imports): the start-up
 * back-fill (core runBackfill), one page of article ids per step.
 */
export async function* backfillSteps(ctx: AppContext): AsyncGenerator<void> {
  for (let after = ''; ;) {
    const { last, ids } = await repo.unindexedArticlesAfter(ctx.db, after, 5000);
    if (last === null) return;
    if (ids.length)
      await ctx.db.transaction().execute(async (trx) => {
        for (const id of ids) {
          const a = await repo.findArticle(trx, id);
          if (a) await indexArticle(trx, a);
        }
      });
    after = last;
    yield;
  }
}

/** The author withdraws an article under review (before anyone acted) or a published one; managers take any published one down. */
export async function withdraw(ctx: AppContext, v: Viewer, id: string, audit: AuditLast<{ was: string }>): Promise<void> {
  const a = await readable(ctx, v, id);
  const mine = a.author === v.userCode;
  const manager = await isManager(v);
  await ctx.db.transaction().execute(async (trx) => {
    if (a.status === 'review' && mine) {
      await ctx.workflow.withdraw(trx, { moduleCode: NEWS_MODULE, recordId: id, userCode: v.userCode });
      await repo.updateArticle(trx, id, ['review'], { status: 'withdrawn', updated_at: nowIso() });
      await audit(trx, { was: 'review' });
      return;
    }
    if (a.status === 'published' && (mine || manager)) {
      if (!(await repo.updateArticle(trx, id, ['published'], { status: 'withdrawn', updated_at: nowIso() })))
        throw bizError('该信息已撤回');
      await removeEntry(trx, 'article', id);
      await audit(trx, { was: 'published' });
      return;
    }
    throw bizError(a.status === 'withdrawn' ? '该信息已撤回' : '当前状态不能撤回');
  });
}

export async function remove(ctx: AppContext, v: Viewer, id: string): Promise<void> {
  const a = await repo.findArticle(ctx.db, id);
  if (!a || a.author !== v.userCode) throw notFound('信息不存在或无权删除');
  if (!(await ctx.db.transaction().execute((trx) => repo.deleteArticle(trx, id)))) throw bizError('只能删除草稿或退回的信息');
}

/** Who has read it and who in its column's scope has not (the author and managers). */
export async function readers(ctx: AppContext, v: Viewer, id: string) {
  const a = await readable(ctx, v, id);
  if (a.author !== v.userCode && !(await isManager(v))) throw bizError('只有发布人和信息管理员可以查看阅读情况');
  const scope = (await columnScopes(ctx.db)).get(a.column_code) ?? { all: true, depts: [], users: [] };
  const read = await repo.readersOf(ctx.db, id);
  const unread = a.status === 'published' ? await repo.unreadOf(ctx.db, id, scope, a.column_code) : [];
  return {
    readCount: Number(a.read_count),
    readers: read.map((r) => ({ userCode: r.user_code, userName: r.user_name, deptName: r.dept_name ?? null, readAt: r.read_at })),
    unread: unread.map((r) => ({ userCode: r.user_code, userName: r.user_name, deptName: r.dept_name ?? null })),
  };
}

/** At most one read reminder per article in this time. */
export const REMIND_EVERY_MS = 60 * 60 * 1000;
const tooSoon = (last: string, now: number) => {
  const next = new Date(Date.parse(last) + REMIND_EVERY_MS).toISOString();
  const minutes = Math.max(1, Math.ceil((Date.parse(next) - now) / 60_000));
  return bizError(`每篇信息每小时最多提醒一次，上次提醒于 ${chinaTime(last)}，请在 ${chinaTime(next)} 之后（约 ${minutes} 分钟后）再提醒`);
};

/**
 * 提醒未读: the author or a news manager notifies every active user in the column's scope who has not read the
 * published article yet (a message in the to-do centre), at most once an hour per article. Returns how many.
 */
export async function remindUnread(
  ctx: AppContext,
  v: Viewer,
  id: string,
  audit: AuditLast<number>,
  now = Date.now(),
): Promise<{ reminded: number; remindedAt: string }> {
  const a = await readable(ctx, v, id);
  if (a.author !== v.userCode && !(await isManager(v))) throw forbidden('只有发布人和信息管理员可以提醒未读');
  const at = new Date(now).toISOString();
  if (articleStage({ status: a.status, publishedAt: a.published_at }, at) !== 'published') throw bizError('信息发布后才能提醒未读');
  if (a.reminded_at && Date.parse(a.reminded_at) + REMIND_EVERY_MS > now) throw tooSoon(a.reminded_at, now);
  const scope = (await columnScopes(ctx.db)).get(a.column_code) ?? { all: true, depts: [], users: [] };
  const users = (await repo.unreadUserCodes(ctx.db, id, scope, a.column_code)).filter((u) => u !== v.userCode);
  if (users.length === 0) throw bizError('范围内的人都已阅读，无需提醒');
  const notSince = new Date(now - REMIND_EVERY_MS).toISOString();
  const reminded = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimReminder(trx, id, at, notSince))) return null;
    let n = 0;
    for (let i = 0; i < users.length; i += 500)
      n += await insertNotices(
        trx,
        users.slice(i, i + 500),
        {
          kind: 'remind',
          title: `请阅读：${a.title}`,
          content: `${v.userName}提醒您阅读「${a.column_name ?? a.column_code}」栏目的信息《${a.title}》。`,
          moduleCode: NEWS_MODULE,
          recordId: id,
          event: 'unread',
        },
        at,
      );
    await audit(trx, n);
    return n;
  });
  if (reminded === null) {
    const last = (await repo.findArticle(ctx.db, id))?.reminded_at;
    throw last ? tooSoon(last, now) : bizError('当前状态不能提醒未读');
  }
  return { reminded, remindedAt: at };
}

/** The articles a user may read include this file (attachments, body images, cover): the download grant. */
export async function fileReadable(ctx: AppContext, v: Viewer, fileId: string): Promise<boolean> {
  for (const id of await repo.articlesWithFile(ctx.db, fileId)) {
    const a = await repo.findArticle(ctx.db, id);
    if (a && (await canRead(ctx, v, a))) return true;
  }
  return false;
}

/** The form the workflow sees (conditions, notifications). */
export async function formOf(db: Db, id: string) {
  const a = await repo.findArticle(db, id);
  if (!a) return null;
  return {
    title: a.title,
    serialNo: a.id,
    applicant: a.author,
    form: { title: a.title, columnName: a.column_name ?? a.column_code, source: a.source ?? '', isTop: a.is_top, summary: a.summary ?? '' },
  };
}

/** /recommendMore: recommended articles the viewer may read. */
export async function recommended(
  ctx: AppContext,
  v: Viewer,
  q: { pageNumber: number; pageSize: number; state?: string; target?: string },
): Promise<Paged<ArticleItem>> {
  const { rows, total } = await repo.listArticles(ctx.db, {
    columnCodes: await readableColumns(ctx.db, v),
    status: 'published',
    publishedBefore: nowIso(),
    onlyRecommended: true,
    recommendState: q.state,
    recommendTarget: q.target,
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { list: rows.map(toItem), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** The viewer a file grant or the search checks for a user code (null: unknown or disabled). */
export const viewerByCode = (ctx: AppContext, userCode: string): Promise<Viewer | null> => viewerOf(ctx.db, userCode);
