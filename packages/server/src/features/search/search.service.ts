import type { SearchHit, SearchKindName, SearchQuery, SearchResult, Segment } from '@oa/shared/contract/search';
import type { AppContext } from '../../core/context';
import { principalsOf, searchQuery } from '../../core/search/search-index';
import { nowIso } from '../../lib/time';
import * as repo from './search.repository';

interface Searcher {
  userCode: string;
  deptCode: string | null;
  roleCodes: readonly string[];
  isAdmin: boolean;
}

/** Splits text into plain and matching segments (case-insensitive). */
export function highlight(text: string, q: string): Segment[] {
  if (!q) return [{ text, hit: false }];
  const out: Segment[] = [];
  const low = text.toLowerCase();
  const needle = q.toLowerCase();
  let i = 0;
  for (let j = low.indexOf(needle); j >= 0; j = low.indexOf(needle, i)) {
    if (j > i) out.push({ text: text.slice(i, j), hit: false });
    out.push({ text: text.slice(j, j + q.length), hit: true });
    i = j + q.length;
  }
  if (i < text.length) out.push({ text: text.slice(i), hit: false });
  return out;
}

/** ~120 characters of the body around the first match. */
function snippet(body: string, q: string): Segment[] {
  const j = body.toLowerCase().indexOf(q.toLowerCase());
  const start = Math.max(0, j < 0 ? 0 : j - 40);
  const piece = (start > 0 ? '…' : '') + body.slice(start, start + 120) + (body.length > start + 120 ? '…' : '');
  return highlight(piece, q);
}

export async function search(
  ctx: AppContext,
  s: Searcher,
  q: SearchQuery,
  /** the request's change counters: the page is kept in memory under them (core/search/search-index.ts) */
  versions?: { search: number; todo: number },
): Promise<SearchResult> {
  const permissions = s.isAdmin ? [] : await repo.permissionCodes(ctx.db, s.roleCodes);
  const principals = await principalsOf(ctx.db, { ...s, permissions });
  // matches are counted up to ten pages past this one: a common word is never counted in full
  const countUpTo = (q.pageNumber + 10) * q.pageSize;
  const { rows, total } = await searchQuery(
    ctx.db,
    {
      now: nowIso(),
      q: q.q,
      kinds: q.kind ? [q.kind] : null,
      principals,
      userCode: s.userCode,
      offset: (q.pageNumber - 1) * q.pageSize,
      limit: q.pageSize,
      countUpTo,
    },
    versions,
  );
  const list: SearchHit[] = rows.map((r) => ({
    kind: r.kind as SearchKindName,
    refId: r.ref_id,
    title: highlight(r.title, q.q),
    snippet: snippet(r.body, q.q),
    link: r.link,
    updatedAt: r.updated_at,
  }));
  return { list, total: Math.min(total, countUpTo), more: total > countUpTo, pageNumber: q.pageNumber, pageSize: q.pageSize };
}
