import { articleStage, NEWS_MODULE } from '@oa/shared/contract/news';
import { READER } from '../../core/search/search-index';
import type { Db } from '../../db/database';
import { scopeOf } from '../../core/access/scope.repository';
import * as repo from './news.repository';

/** Who acts (built by the routes from the session; the service never sees the request). */
export interface Viewer {
  userCode: string;
  userName: string;
  deptCode: string | null;
  isAdmin: boolean;
  can(permission: string): Promise<boolean>;
}

const MANAGE = `${NEWS_MODULE}:manage`;
export const RECOMMEND_PERM = 'info_recommend';

export async function isManager(v: Viewer): Promise<boolean> {
  return v.isAdmin || (await v.can(MANAGE));
}

interface ColumnAccess {
  all: boolean;
  depts: string[];
  users: string[];
}

/** Read scopes of every column (columns are few: one query each for columns and scopes). */
export async function columnScopes(
  db: Db,
): Promise<Map<string, ColumnAccess & { name: string; parent: string | null; sortNo: number; remark: string | null }>> {
  const cols = await repo.columns(db);
  const scopes = await scopeOf(
    db,
    'column',
    cols.map((c) => c.column_code),
  );
  const out = new Map(
    cols.map((c) => [
      c.column_code,
      {
        name: c.column_name,
        parent: c.parent_code ?? null,
        sortNo: c.sort_no,
        remark: c.remark ?? null,
        all: (c.read_scope ?? 'all') !== 'scoped',
        depts: [] as string[],
        users: [] as string[],
      },
    ]),
  );
  for (const s of scopes) {
    const c = out.get(s.owner_id);
    if (c) (s.kind === 'dept' ? c.depts : c.users).push(s.code);
  }
  return out;
}

export const inScope = (a: ColumnAccess, v: Pick<Viewer, 'userCode' | 'deptCode'>): boolean =>
  a.all || a.users.includes(v.userCode) || (!!v.deptCode && a.depts.includes(v.deptCode));

/** The columns whose published articles the viewer may read: in scope, a publisher there, or a manager. */
export async function readableColumns(db: Db, v: Viewer): Promise<string[]> {
  const scopes = await columnScopes(db);
  if (await isManager(v)) return [...scopes.keys()];
  const pub = await repo.publisherColumns(db, v.userCode);
  return [...scopes.entries()].filter(([code, a]) => pub.has(code) || inScope(a, v)).map(([code]) => code);
}

/** The search principals of a published article in a column. */
export function articleReaders(a: ColumnAccess, author: string): string[] {
  if (a.all) return [READER.all];
  return [...a.depts.map(READER.dept), ...a.users.map(READER.user), READER.user(author), READER.admin, READER.perm(MANAGE)];
}

/** Why an article cannot be recommended (null: it can): only an article that is out (已发布, not 待发布 before its time). */
export const recommendRefusal = (a: { status: string; published_at: string | null }, now: string): string | null =>
  articleStage({ status: a.status, publishedAt: a.published_at }, now) === 'published' ? null : '只有已发布的信息可以推荐';
