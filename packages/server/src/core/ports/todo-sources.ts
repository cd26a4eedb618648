import type { ToReadItem } from '@oa/shared/contract/to-read';
import type { Db } from '../../db/database';
import type { AppContext } from '../context';

/**
 * The to-do centre's port for areas outside the workflow engine: an area registers a "to-do source" when
 * its routes register, and the to-do centre (engines/workflow) lists and counts the 待阅 items of every
 * source without knowing the areas. A source answers one page of one person's items, newest first,
 * from an index (never a whole-table load).
 */
export interface TodoSource {
  /** a short code, unique among sources, e.g. 'documents' */
  code: string;
  /** shown in the to-do centre, e.g. 公文 */
  name: string;
  /** one page of the user's items, newest first (read: 'N' unread only, 'Y' read only) */
  page(
    db: Db,
    userCode: string,
    f: { read?: 'Y' | 'N'; offset: number; limit: number },
  ): Promise<{ total: number; rows: Array<Omit<ToReadItem, 'source' | 'sourceName'>> }>;
  /** how many of the user's items are unread */
  unread(db: Db, userCode: string): Promise<number>;
  /** records the read of the user's own item (once; reading it again is fine); false when it is not theirs */
  markRead(db: Db, userCode: string, id: string): Promise<boolean>;
}

declare module '../context' {
  interface AppContext {
    todoSources?: TodoSource[];
  }
}

/** Registers (or replaces) a source on this app. */
export function registerTodoSource(ctx: AppContext, source: TodoSource): void {
  ctx.todoSources = [...(ctx.todoSources ?? []).filter((s) => s.code !== source.code), source];
}

export const todoSources = (ctx: Pick<AppContext, 'todoSources'>): readonly TodoSource[] => ctx.todoSources ?? [];

/** Unread items of all sources. */
export async function countToRead(db: Db, sources: readonly TodoSource[], userCode: string): Promise<number> {
  const n = await Promise.all(sources.map((s) => s.unread(db, userCode)));
  return n.reduce((a, b) => a + b, 0);
}

/**
 * One page over all sources, newest first. With one source the page is asked for directly; with several,
 * each source answers its first offset+limit rows (bounded by the page asked for) and they are merged.
 */
export async function pageToRead(
  db: Db,
  sources: readonly TodoSource[],
  userCode: string,
  f: { read?: 'Y' | 'N'; offset: number; limit: number },
): Promise<{ total: number; rows: ToReadItem[] }> {
  const tag = (s: TodoSource, rows: Array<Omit<ToReadItem, 'source' | 'sourceName'>>) =>
    rows.map((r) => ({ ...r, source: s.code, sourceName: s.name }));
  if (sources.length === 1) {
    const [s] = sources;
    const p = await s!.page(db, userCode, f);
    return { total: p.total, rows: tag(s!, p.rows) };
  }
  const pages = await Promise.all(
    sources.map(async (s) => ({ s, p: await s.page(db, userCode, { read: f.read, offset: 0, limit: f.offset + f.limit }) })),
  );
  const rows = pages
    .flatMap(({ s, p }) => tag(s, p.rows))
    .sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : a.id.localeCompare(b.id)))
    .slice(f.offset, f.offset + f.limit);
  return { total: pages.reduce((n, { p }) => n + p.total, 0), rows };
}

/** Marks one item read through its source; false for an unknown source or an item not the user's. */
export async function markToRead(db: Db, sources: readonly TodoSource[], userCode: string, source: string, id: string): Promise<boolean> {
  const s = sources.find((x) => x.code === source);
  return s ? s.markRead(db, userCode, id) : false;
}
