import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { LIST_COUNT_CAP } from '@oa/shared/contract/records';
import type { Db, Dialect } from '../../db/database';
import type { Database } from '../../db/schema/database';
import { offsetOf, totalOfPage } from '../../db/count-capped';
import { memoCount } from '../../db/count-memo';
import { memoAnswer } from '../../db/answer-memo';
import { openRecordRows } from '../../db/sealed-records';
import type { FieldKeyring } from '../../lib/field-cipher';
import type { RecordRow } from './records.repository';

/** The SQL of a module's lists: pages by keyset or number, capped totals, export chunks (one code for both dialects). */

type Where = (eb: ExpressionBuilder<Database, 'business_record'>) => Expression<SqlBool>;

/**
 * The rows a list shows: the module's rows that meet `where` and one of `branches`. The branches must not
 * overlap (each row in at most one); each is read from its own index in (created_at, id) order and the
 * branches are merged (UNION ALL … ORDER BY … LIMIT), so a visibility rule like "mine or submitted" never
 * becomes an OR that scans the module (migration 070).
 */
export interface ListScope {
  dialect: Dialect;
  module: string;
  branches: Where[];
  where: Where;
  /** `where` for the user's own rows (`ownFirst`): PostgreSQL checks form fields row by row there (`fieldOperand`). */
  ownWhere?: Where;
  /** `where` of the count's other branches, when it differs (a common title keyword: its matches in the index). */
  countWhere?: Where;
  /**
   * Conditions no index serves ("contains" text, title keywords of 1–2 characters): a page checks them on a
   * window of at most SCAN_WINDOW rows of the list (after the cursor), so a rare match never walks the whole
   * module; the next window is asked by the page's `nextCursor`, and the total counts the first window only
   * (`totalCapped` when there are more rows to search). Exports check them on every row.
   */
  scan?: Where | null;
  /**
   * The filters name a form field with an expression index (`fieldLed`): on SQLite every branch but the user's
   * own rows (`ownFirst`) writes the module as `+module = ?`, so no module index competes with the field's index
   * (db/record-field-indexes.ts `moduleLiteral`), whose entries carry status, applicant and dept: the count and
   * the page ids never read the table.
   */
  byField?: boolean;
  /** branches[0] is one applicant's own rows, read from (module, applicant, created_at, id) even when `byField`. */
  ownFirst?: boolean;
}
/** Rows of a list one page of a scanned ("contains") filter reads at most. */
const SCAN_WINDOW = 5_000;
/** The last row of a page: the next page starts after it (keyset paging). */
interface ListCursor {
  createdAt: string;
  id: string;
}

/** Totals are counted up to this many rows; beyond it a list answers "10,000+" (`totalCapped`). */
const COUNT_CAP = LIST_COUNT_CAP;

const cursorOf = (r: { created_at: string; id: string }): string => `${r.created_at}~${r.id}`;
export function parseCursor(raw: string | undefined | null): ListCursor | null {
  if (!raw) return null;
  const [createdAt, id] = raw.split('~');
  return createdAt && id ? { createdAt, id } : null;
}

function scopeUnion(db: Db, s: ListScope, after: ListCursor | null, withScan = true, forCount = false) {
  const viaField = (i: number) => s.byField && s.dialect === 'sqlite' && !(s.ownFirst && i === 0);
  const own = (i: number) => s.ownFirst && i === 0;
  const branch = (w: Where, i: number) => {
    let q = db
      .selectFrom('business_record')
      .where((eb) => (viaField(i) ? sql<SqlBool>`+module = ${s.module}` : eb('module', '=', s.module)))
      .where(w)
      .where(own(i) && s.ownWhere ? s.ownWhere : forCount && !own(i) && s.countWhere ? s.countWhere : s.where);
    if (withScan && s.scan) q = q.where(s.scan);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
    return q;
  };
  const [first, ...rest] = s.branches.map(branch);
  return { first, rest };
}

/**
 * Rows of the scope, newest first. SQLite merges the ordered branches of a top-level compound
 * ORDER BY … LIMIT itself (MERGE (UNION ALL)). PostgreSQL sorts a plain UNION ALL, so there each branch is
 * read in index order and limited to the rows the page needs, then the branches are merged (Merge Append).
 * A page by number past the first (`offset`) first reads the page's keys — the skipped rows from the indexes
 * alone, never the table — then the page's rows by id (`offsetOf` bounds how many rows it may skip).
 */
async function rowsOf(db: Db, s: ListScope, after: ListCursor | null, limit: number, offset = 0): Promise<RecordRow[]> {
  if (offset === 0) return ordered(db, s, after, limit, 0, true).execute();
  const keys = await ordered(db, s, after, limit, offset, true, true).execute();
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('business_record')
    .selectAll()
    .where(
      'id',
      'in',
      keys.map((k) => k.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return keys.flatMap((k) => byId.get(k.id) ?? []);
}

/** The scope's rows (or only their keys) newest first, limited (both dialects read each branch in index order). */
function ordered(db: Db, s: ListScope, after: ListCursor | null, limit: number, offset: number, withScan: boolean, keysOnly = false) {
  const { first, rest } = scopeUnion(db, s, after, withScan);
  // selectAll typed as the row either way: keysOnly callers read `id` only
  const cols = <Q extends typeof first>(q: Q) => (keysOnly ? q.select(['created_at', 'id']) : q.selectAll()) as ReturnType<Q['selectAll']>;
  if (s.dialect === 'postgres') {
    const [b0, ...bs] = [first, ...rest].map((q, i) =>
      db
        .selectFrom(
          cols(q)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(offset + limit)
            .as(`b${i}`),
        )
        .selectAll(),
    );
    let u = b0;
    for (const q of bs) u = u.unionAll(q);
    return db.selectFrom(u.as('u')).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  }
  let u = cols(first);
  for (const q of rest) u = u.unionAll(cols(q));
  return u.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
}

/**
 * A page of a scope with scanned conditions: the next SCAN_WINDOW rows of the list (after the cursor) are
 * read from the indexes, and only they are checked. The next page starts after the last row shown, or, when
 * the window ran out before the page filled, after the window's last row.
 */
/** A scanned list's page: the rows of its window that pass the scan. */
function windowPageQuery(db: Db, s: ListScope, after: ListCursor | null, pageSize: number, offset: number) {
  const scan = s.scan!;
  return db
    .selectFrom(ordered(db, s, after, SCAN_WINDOW, 0, false).as('w'))
    .selectAll()
    .where((eb) => scan(eb as unknown as ExpressionBuilder<Database, 'business_record'>))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset);
}

/** A window's page (`page`: `windowPageQuery` compiled) and the cursor after it. */
async function windowPage(db: Db, page: CompiledQuery, pageSize: number, edgeOf: Promise<Edge>) {
  const [read, edge] = await Promise.all([db.executeQuery(page), edgeOf]);
  const rows = read.rows as RecordRow[];
  const last = rows.length === pageSize ? cursorOf(rows[rows.length - 1]) : edge.full ? edge.last : null;
  return { rows, nextCursor: last };
}

interface Edge {
  full: boolean;
  last: string | null;
}
/** How many rows a window holds (full: there may be more after it) and the cursor of its last row. */
async function windowEdge(db: Db, s: ListScope, after: ListCursor | null): Promise<Edge> {
  const r = await db
    .selectFrom(ordered(db, s, after, SCAN_WINDOW, 0, false).as('w'))
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min(sql<string>`created_at || '~' || id`).as('last')])
    .executeTakeFirstOrThrow();
  return { full: Number(r.n) >= SCAN_WINDOW, last: (r.last as string | null) ?? null };
}

/** The matches of the list's first window (the total of a scanned list; `capped` when the list goes on). */
async function windowCount(db: Db, s: ListScope, edgeOf: Promise<Edge>): Promise<{ total: number; totalCapped: boolean }> {
  const scan = s.scan!;
  const [r, edge] = await Promise.all([
    db
      .selectFrom(ordered(db, s, null, SCAN_WINDOW, 0, false).as('w'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => scan(eb as unknown as ExpressionBuilder<Database, 'business_record'>))
      .executeTakeFirstOrThrow(),
    edgeOf,
  ]);
  return { total: Number(r.n), totalCapped: edge.full };
}

/**
 * How many rows the scope has, counted up to COUNT_CAP + 1; kept under `recordsVersion` (the request's
 * `business_record_version`, db/count-memo.ts) when given.
 */
async function cappedCount(db: Db, s: ListScope, recordsVersion?: number): Promise<{ total: number; totalCapped: boolean }> {
  const { first, rest } = scopeUnion(db, s, null, true, true);
  let ids = first.select('id');
  for (const q of rest) ids = ids.unionAll(q.select('id'));
  const q = db.selectFrom(ids.limit(COUNT_CAP + 1).as('c')).select((eb) => eb.fn.countAll<number>().as('n'));
  return memoCount(db, recordsVersion, q.compile(), async (counting) => {
    const { n } = (await db.executeQuery(counting)).rows[0]!;
    return { total: Math.min(Number(n), COUNT_CAP), totalCapped: Number(n) > COUNT_CAP };
  });
}

type Page = { rows: RecordRow[]; total: number; totalCapped: boolean; nextCursor: string | null };

/**
 * One page of a list, newest first: by page number (offset), or after a cursor (keyset, for deep pages). With the
 * request's `business_record_version` (`recordsVersion`) the page is kept in memory while it is unchanged
 * (db/answer-memo.ts), keyed by the page's own query (scope, reader, filters, cursor, offset and size); its rows
 * are shared by requests and never changed.
 */
export async function pageRecords(
  db: Db,
  keys: FieldKeyring,
  s: ListScope,
  page: { pageNumber: number; pageSize: number; after?: ListCursor | null },
  recordsVersion?: number,
): Promise<Page> {
  const after = page.after ?? null;
  const offset = offsetOf(page, !!after);
  if (s.branches.length === 0) return { rows: [], total: 0, totalCapped: false, nextCursor: null };
  // compiled once: the key the page is kept under and the statement that reads it — but a page by number of a list
  // without a scan reads its keys first (`rowsOf`): its key is compiled, never run, so without plugins (a query
  // recorder would take it for a read)
  const kdb = s.scan || offset === 0 ? db : db.withoutPlugins();
  const q = s.scan
    ? windowPageQuery(kdb, s, after, page.pageSize, offset).compile()
    : ordered(kdb, s, after, page.pageSize, offset, true).compile();
  const at: PageAt = { after, offset, size: page.pageSize };
  return memoAnswer(db, 'records', [recordsVersion], q, async (pageQuery) => {
    const read = await readPage(db, keys, s, at, pageQuery, recordsVersion);
    return { ...read, rows: Object.freeze(read.rows.map((r) => Object.freeze(r))) as RecordRow[] };
  });
}

/** Where a page starts (after a cursor, or at an offset) and its size. */
type PageAt = { after: ListCursor | null; offset: number; size: number };

/** The page `pageQuery` (the page's query compiled, `pageRecords`) and its total. */
async function readPage(
  db: Db,
  keys: FieldKeyring,
  s: ListScope,
  { after, offset, size }: PageAt,
  pageQuery: CompiledQuery,
  recordsVersion?: number,
): Promise<Page> {
  if (s.scan) {
    const firstEdge = windowEdge(db, s, null);
    const [p, counted] = await Promise.all([
      windowPage(db, pageQuery, size, after ? windowEdge(db, s, after) : firstEdge),
      windowCount(db, s, firstEdge),
    ]);
    return { rows: openRecordRows(keys, p.rows), ...counted, nextCursor: p.nextCursor };
  }
  const rows = offset === 0 ? ((await db.executeQuery(pageQuery)).rows as RecordRow[]) : await rowsOf(db, s, after, size, offset);
  const count = await totalOfPage({ offset, limit: size, got: rows.length, keyset: !!after }, () => cappedCount(db, s, recordsVersion));
  const last = rows.length === size ? rows[rows.length - 1] : undefined;
  return { rows: openRecordRows(keys, rows), ...count, nextCursor: last ? cursorOf(last) : null };
}

/** Every row of a list in chunks (exports), each read after the previous chunk's last row (keyset). */
export async function* recordChunks(db: Db, keys: FieldKeyring, s: ListScope, size = 1000): AsyncGenerator<RecordRow[]> {
  if (s.branches.length === 0) return;
  for (let after: ListCursor | null = null; ;) {
    const rows = await rowsOf(db, s, after, size);
    if (rows.length) yield openRecordRows(keys, rows);
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}
