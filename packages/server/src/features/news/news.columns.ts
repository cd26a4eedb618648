import type { ColumnBody, NewsColumn } from '@oa/shared/contract/news';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { columnScopes, inScope, isManager, type Viewer } from './news.access';
import { setScope } from '../../core/access/scope.repository';
import * as repo from './news.repository';
import { reindexColumn } from './news.service';

/** The column tree as the viewer sees it (administrators see scopes; everyone sees what they may read or publish in). */
export async function listColumns(ctx: AppContext, v: Viewer): Promise<NewsColumn[]> {
  const scopes = await columnScopes(ctx.db);
  const pub = await repo.publisherColumns(ctx.db, v.userCode);
  const manager = await isManager(v);
  const counts = await repo.publishedCounts(ctx.db, nowIso());
  const out: NewsColumn[] = [];
  for (const [code, s] of scopes) {
    const canRead = manager || pub.has(code) || inScope(s, v);
    if (!canRead) continue;
    out.push({
      columnCode: code,
      columnName: s.name,
      parentCode: s.parent,
      sortNo: s.sortNo,
      readScope: s.all ? 'all' : 'scoped',
      remark: s.remark,
      readers: manager
        ? [...s.depts.map((c) => ({ kind: 'dept' as const, code: c })), ...s.users.map((c) => ({ kind: 'user' as const, code: c }))]
        : [],
      canPublish: manager || pub.has(code),
      canRead,
      articleCount: counts.get(code) ?? 0,
    });
  }
  return out;
}

/** A column as its audit row shows it (before and after a change). */
export type ColumnState = { name: string; parent: string | null; sortNo: number; readScope: string; readers: number } | null;

/** Administrators maintain the tree: name, parent, order and who may read; audited with the column before and after. */
export async function saveColumn(
  ctx: AppContext,
  body: ColumnBody,
  isNew: boolean,
  audit: AuditLast<{ before: ColumnState; after: ColumnState }>,
): Promise<void> {
  const existing = await repo.column(ctx.db, body.columnCode);
  if (isNew && existing) throw bizError('栏目编码已存在');
  if (!isNew && !existing) throw notFound('栏目不存在');
  if (body.parentCode) {
    const scopes = await columnScopes(ctx.db);
    if (!scopes.has(body.parentCode)) throw badRequest('上级栏目不存在', 'parentCode');
    for (let p: string | null = body.parentCode; p; p = scopes.get(p)?.parent ?? null) {
      if (p === body.columnCode) throw badRequest('上级栏目不能是自己或自己的下级', 'parentCode');
    }
  }
  if (body.readScope === 'scoped' && body.readers.length === 0) throw badRequest('请选择可阅读的部门或人员', 'readers');
  const old = existing ? (await columnScopes(ctx.db)).get(body.columnCode) : undefined;
  const readersBefore = old ? old.depts.length + old.users.length : 0;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertColumn(
      trx,
      {
        column_code: body.columnCode,
        column_name: body.columnName,
        parent_code: body.parentCode || null,
        sort_no: body.sortNo,
        read_scope: body.readScope,
        remark: body.remark ?? null,
      },
      nowIso(),
      isNew,
    );
    await setScope(trx, 'column', body.columnCode, body.readScope === 'scoped' ? body.readers : []);
    await reindexColumn(trx, body.columnCode);
    const before: ColumnState = existing
      ? {
          name: existing.column_name,
          parent: existing.parent_code ?? null,
          sortNo: Number(existing.sort_no),
          readScope: existing.read_scope,
          readers: readersBefore,
        }
      : null;
    const after: ColumnState = {
      name: body.columnName,
      parent: body.parentCode || null,
      sortNo: body.sortNo,
      readScope: body.readScope,
      readers: body.readScope === 'scoped' ? body.readers.length : 0,
    };
    await audit(trx, { before, after });
  });
}

export async function deleteColumn(ctx: AppContext, code: string, audit: AuditLast<{ name: string }>): Promise<void> {
  const col = await repo.column(ctx.db, code);
  if (!col) throw notFound('栏目不存在');
  if (await repo.columnHasChildrenOrArticles(ctx.db, code)) throw bizError('栏目下还有子栏目或信息，不能删除');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteColumn(trx, code);
    await audit(trx, { name: col.column_name });
  });
}
