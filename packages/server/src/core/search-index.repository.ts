import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema/database';

/** All SQL of the system-wide search index (core/search-index.ts is the port other features call). */

export interface EntryRow {
  kind: string;
  ref_id: string;
  module: string | null;
  title: string;
  body: string;
  link: string;
  updated_at: string;
  visible_from: string | null;
}

async function isSqlite(db: Db): Promise<boolean> {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('sqlite');
}

const RUNS = /[\p{L}\p{N}]{2,}/gu;
const bigrams = (run: string) => {
  const chars = [...run];
  return chars.slice(1).map((c, i) => chars[i] + c);
};
/** The distinct letter/digit bigrams of a text, lower case ("杭州市 OA" → 杭州 州市 oa): PostgreSQL's 2-character queries. */
export function gramsOf(text: string): string[] {
  return [...new Set((text.toLowerCase().match(RUNS) ?? []).flatMap(bigrams))];
}
/** The bigram stream of a text in order (SQLite FTS5 column: a phrase of a word's bigrams finds the word). */
const gramStream = (text: string) => (text.toLowerCase().match(RUNS) ?? []).map((r) => bigrams(r).join(' ')).join(' ');
/** A reader principal as one FTS5 token (letters and digits only). */
const aclToken = (principal: string) => `a${Buffer.from(principal).toString('hex')}`;
/** Is the query one run of 2+ letters or digits (served by the bigram index)? */
export const isRun = (q: string) => /^[\p{L}\p{N}]{2,}$/u.test(q);
const isGram = (q: string) => isRun(q) && [...q].length === 2;

type TextRow = { id: number; title: string; body: string; readers: readonly string[] };
/** SQLite: the trigram FTS row and the bigram + readers FTS row of entries. */
async function writeText(trx: Db, rows: readonly TextRow[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('search_fts')
    .values(rows.map((r) => ({ rowid: r.id, title: r.title, body: r.body })))
    .execute();
  await writeGrams(trx, rows);
}
async function writeGrams(trx: Db, rows: readonly TextRow[]) {
  await trx
    .insertInto('search_gram')
    .values(
      rows.map((r) => ({
        rowid: r.id,
        grams: gramStream(`${r.title} ${r.body}`),
        acl: [...new Set(r.readers)].map(aclToken).join(' '),
      })),
    )
    .execute();
}

/**
 * Inserts or replaces the entry of (kind, refId) with its readers, in the caller's transaction. A
 * replaced entry gets a new id: ids are the recency order search results are ranked by.
 */
export async function upsertEntry(trx: Db, e: EntryRow, readers: readonly string[]): Promise<void> {
  await insertEntries(trx, [{ ...e, readers }], true);
}

/** Inserts entries (given ids: the benchmark's generator; none: new ids), their readers and their text. */
export async function insertEntries(
  trx: Db,
  rows: ReadonlyArray<EntryRow & { id?: number; readers: readonly string[] }>,
  replace = false,
): Promise<void> {
  const sqlite = await isSqlite(trx);
  const out: TextRow[] = [];
  for (const r of rows) if (replace) await deleteEntry(trx, r.kind, r.ref_id);
  const values = rows.map(({ readers: _r, ...e }) => (sqlite ? e : { ...e, grams: gramsOf(`${e.title} ${e.body}`) }));
  const ids = await trx.insertInto('search_entry').values(values).returning('id').execute();
  rows.forEach((r, i) => out.push({ id: r.id ?? Number(ids[i].id), title: r.title, body: r.body, readers: r.readers }));
  const acl = out.flatMap((r) => [...new Set(r.readers)].map((principal) => ({ entry_id: r.id, principal })));
  if (acl.length) await trx.insertInto('search_acl').values(acl).execute();
  if (sqlite) await writeText(trx, out);
}

/** Entries written before migration 072 get their bigrams (start-up; nothing to do once filled). */
export async function backfillGrams(db: Db): Promise<void> {
  const sqlite = await isSqlite(db);
  // in id order after the previous chunk: each chunk reads on from there, never again past the entries done
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('search_entry as e')
      .select(['e.id', 'e.title', 'e.body'])
      .where('e.id', '>', after)
      .where((eb) =>
        sqlite
          ? eb.not(eb.exists(eb.selectFrom('search_gram').select('search_gram.rowid').whereRef('search_gram.rowid', '=', 'e.id')))
          : eb('e.grams', 'is', null),
      )
      .orderBy('e.id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1].id);
    const acl = await db
      .selectFrom('search_acl')
      .select(['entry_id', 'principal'])
      .where(
        'entry_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    await db.transaction().execute(async (trx) => {
      if (sqlite)
        await writeGrams(
          trx,
          rows.map((r) => ({
            ...r,
            id: Number(r.id),
            readers: acl.filter((a) => Number(a.entry_id) === Number(r.id)).map((a) => a.principal),
          })),
        );
      else
        for (const r of rows)
          await trx
            .updateTable('search_entry')
            .set({ grams: gramsOf(`${r.title} ${r.body}`) })
            .where('id', '=', r.id)
            .execute();
    });
  }
}

export async function deleteEntry(trx: Db, kind: string, refId: string): Promise<void> {
  const found = await trx.selectFrom('search_entry').select('id').where('kind', '=', kind).where('ref_id', '=', refId).executeTakeFirst();
  if (!found) return;
  const id = Number(found.id);
  await trx.deleteFrom('search_acl').where('entry_id', '=', id).execute();
  await trx.deleteFrom('search_entry').where('id', '=', id).execute();
  if (await isSqlite(trx)) {
    await trx.deleteFrom('search_fts').where('rowid', '=', id).execute();
    await trx.deleteFrom('search_gram').where('rowid', '=', id).execute();
  }
}
export async function recordRow(db: Db, id: string) {
  return db.selectFrom('business_record').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('business_record')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function personRow(db: Db, userCode: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('org_dept as d', 'd.dept_code', 'u.dept_code')
    .select(['u.user_code', 'u.user_name', 'u.status', 'u.position', 'u.pinyin', 'u.pinyin_initials', 'u.updated_at', 'd.dept_name'])
    .where('u.user_code', '=', userCode)
    .executeTakeFirst();
}

export async function fileRow(db: Db, id: string) {
  return db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Refs of one kind that have no entry yet (backfill), in pages. */
export async function unindexedRecordIds(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('business_record as r')
    .select('r.id')
    .where('r.id', '>', after)
    .orderBy('r.id')
    .where(({ not, exists, selectFrom }) =>
      // register rows are indexed as kind 'register': without them here every start-up indexed them all again
      not(
        exists(
          selectFrom('search_entry as e').select('e.id').where('e.kind', 'in', ['record', 'register']).whereRef('e.ref_id', '=', 'r.id'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
export async function unindexedUsers(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user as u')
    .select('u.user_code')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('search_entry as e').select('e.id').where('e.kind', '=', 'person').whereRef('e.ref_id', '=', 'u.user_code'))),
    )
    .execute();
  return rows.map((r) => r.user_code);
}
export async function unindexedFiles(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_file as f')
    .select('f.id')
    .where('f.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('search_entry as e').select('e.id').where('e.kind', '=', 'file').whereRef('e.ref_id', '=', 'f.id'))),
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function deptTree(db: Db) {
  return db.selectFrom('org_dept').select(['dept_code', 'parent_code', 'leader_user_code']).execute();
}

export interface SearchFilter {
  now: string;
  q: string;
  kinds: readonly string[] | null;
  principals: readonly string[];
  userCode: string;
  offset: number;
  limit: number;
  /** count matches up to this many (one more tells there are more) */
  countUpTo: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;
type EntryScope = ExpressionBuilder<Database & { e: Database['search_entry'] }, 'e'>;

/** Workflow participants (approvers, copied) read approval records they have no reader principal for. */
function participant(eb: EntryScope, userCode: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('wf_instance as i')
      .select('i.id')
      .whereRef('i.module_code', '=', 'e.module')
      .whereRef('i.record_id', '=', 'e.ref_id')
      .where((w) =>
        w.or([
          w.exists(w.selectFrom('wf_task as t').select('t.id').whereRef('t.instance_id', '=', 'i.id').where('t.assignee', '=', userCode)),
          w.exists(w.selectFrom('wf_cc as c').select('c.id').whereRef('c.instance_id', '=', 'i.id').where('c.user_code', '=', userCode)),
        ]),
      ),
  );
}

/** Of the kinds, visible now; with `acl`, also readable by the principals or a workflow participant. */
function readable(eb: EntryScope, f: SearchFilter, opts: { ftsDriven?: boolean; acl?: boolean } = {}): Expression<SqlBool> {
  return eb.and([
    // when FTS drives (SQLite), `+e.kind` keeps the planner from starting at the kind index instead
    ...(f.kinds?.length ? [eb(opts.ftsDriven ? sql<string>`+e.kind` : eb.ref('e.kind'), 'in', [...f.kinds])] : []),
    eb.or([eb('e.visible_from', 'is', null), eb('e.visible_from', '<=', f.now)]),
    ...(opts.acl === false
      ? []
      : [
          eb.or([
            eb.exists(
              eb
                .selectFrom('search_acl as a')
                .select('a.entry_id')
                .whereRef('a.entry_id', '=', 'e.id')
                .where('a.principal', 'in', [...f.principals]),
            ),
            eb.and([eb('e.kind', '=', 'record'), participant(eb, f.userCode)]),
          ]),
        ]),
  ]);
}

const like = (f: SearchFilter, sqlite: boolean) => {
  const pattern = `%${escapeLike(f.q)}%`;
  const op = sqlite ? sql`like` : sql`ilike`;
  return sql<boolean>`(e.title ${op} ${pattern} escape '\\' or e.body ${op} ${pattern} escape '\\')`;
};

/**
 * SQLite, a word of 2+ letters/digits: one FTS5 query over the bigram table matches the word's bigram
 * phrase AND one of the reader's principal tokens, newest first, so neither a common word nor many
 * unreadable matches make it scan. Approval records read as a workflow participant come from the
 * user's own tasks and copies (a short list) and are merged in.
 */
async function gramIds(db: Db, f: SearchFilter, take: number): Promise<number[]> {
  const q = f.q.toLowerCase();
  const match = `grams : "${bigrams(q).join(' ')}" AND acl : (${f.principals.map(aclToken).join(' OR ')})`;
  const byAcl = await db
    .selectFrom('search_gram')
    .innerJoin('search_entry as e', 'e.id', 'search_gram.rowid')
    .select('e.id')
    .where(sql<boolean>`search_gram match ${match}`)
    .where((eb) => readable(eb as unknown as EntryScope, f, { ftsDriven: true, acl: false }))
    .orderBy('search_gram.rowid', 'desc')
    .limit(take)
    .execute();
  const asParticipant =
    f.kinds?.length && !f.kinds.includes('record')
      ? []
      : await db
          .selectFrom('search_entry as e')
          .select('e.id')
          .where('e.kind', '=', 'record')
          .where((eb) =>
            eb.or([
              eb(
                'e.ref_id',
                'in',
                eb
                  .selectFrom('wf_task as t')
                  .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
                  .select('i.record_id')
                  .where('t.assignee', '=', f.userCode),
              ),
              eb(
                'e.ref_id',
                'in',
                eb
                  .selectFrom('wf_cc as c')
                  .innerJoin('wf_instance as i', 'i.id', 'c.instance_id')
                  .select('i.record_id')
                  .where('c.user_code', '=', f.userCode),
              ),
            ]),
          )
          .where((eb) => eb.and([participant(eb, f.userCode), readable(eb, f, { acl: false }), like(f, true)]))
          .orderBy('e.id', 'desc')
          .limit(take)
          .execute();
  const ids = new Set([...byAcl, ...asParticipant].map((r) => Number(r.id)));
  return [...ids].sort((x, y) => y - x).slice(0, take);
}

/**
 * The ids of matching readable entries, newest first (ids are recency), at most `limit` after `offset`.
 * SQLite: a word of letters/digits through the bigram table (gramIds); other text through FTS5 trigram
 * (3+ characters) driving in rowid order, or LIKE. PostgreSQL: pg_trgm GIN (ILIKE) for 3+, the grams
 * GIN for 2, ILIKE for one; the planner picks the GIN for rare words, the primary key backwards else.
 */
async function matchingIds(db: Db, f: SearchFilter, offset: number, limit: number): Promise<number[]> {
  const sqlite = await isSqlite(db);
  if (sqlite && isRun(f.q)) return (await gramIds(db, f, offset + limit)).slice(offset);
  if (sqlite && [...f.q].length >= 3) {
    const rows = await db
      .selectFrom('search_fts')
      .innerJoin('search_entry as e', 'e.id', 'search_fts.rowid')
      .select('e.id')
      .where(sql<boolean>`search_fts match ${ftsPhrase(f.q)}`)
      .where((eb) => readable(eb as unknown as EntryScope, f, { ftsDriven: true }))
      .orderBy('search_fts.rowid', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }
  const rows = await db
    .selectFrom('search_entry as e')
    .select('e.id')
    .where(!sqlite && isGram(f.q) ? sql<boolean>`e.grams @> array[${f.q.toLowerCase()}]::text[]` : like(f, sqlite))
    .where((eb) => readable(eb, f))
    .orderBy('e.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A page of matching entries the reader may open, newest first, and how many there are up to `countUpTo` + 1. */
export async function searchEntries(db: Db, f: SearchFilter): Promise<{ rows: Array<EntryRow & { id: number }>; total: number }> {
  const ids = await matchingIds(db, f, f.offset, f.limit);
  const rows = ids.length
    ? await db
        .selectFrom('search_entry as e')
        .select(['e.id', 'e.kind', 'e.ref_id', 'e.module', 'e.title', 'e.body', 'e.link', 'e.updated_at', 'e.visible_from'])
        .where('e.id', 'in', ids)
        .orderBy('e.id', 'desc')
        .execute()
    : [];
  // a short first page is the whole answer; otherwise count up to the cap, stopping there (never all of a common word)
  const total = f.offset === 0 && ids.length < f.limit ? ids.length : (await matchingIds(db, f, 0, f.countUpTo + 1)).length;
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total };
}
