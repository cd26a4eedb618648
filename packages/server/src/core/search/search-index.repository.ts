import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Db } from '../../db/database';
import { containsPattern } from '../../db/like';
import type { Database } from '../../db/schema/database';

/** All SQL of the system-wide search index (core/search/search-index.ts is the port other features call). */

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
const isRun = (q: string) => /^[\p{L}\p{N}]{2,}$/u.test(q);
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

/** Inserts entries (given ids: the benchmark's generator; none: new ids), their readers and their text. */
export async function insertEntries(
  trx: Db,
  rows: ReadonlyArray<EntryRow & { id?: number; readers: readonly string[] }>,
  replace = false,
): Promise<void> {
  const sqlite = dialectOf(trx) === 'sqlite';
  const out: TextRow[] = [];
  if (replace)
    for (const kind of new Set(rows.map((r) => r.kind)))
      await deleteEntries(
        trx,
        kind,
        rows.filter((r) => r.kind === kind).map((r) => r.ref_id),
      );
  const values = rows.map(({ readers, ...e }) =>
    sqlite ? e : { ...e, grams: gramsOf(`${e.title} ${e.body}`), readers: [...new Set(readers)] },
  );
  const ids = await trx.insertInto('search_entry').values(values).returning('id').execute();
  rows.forEach((r, i) => out.push({ id: r.id ?? Number(ids[i].id), title: r.title, body: r.body, readers: r.readers }));
  const acl = out.flatMap((r) => [...new Set(r.readers)].map((principal) => ({ entry_id: r.id, principal })));
  if (acl.length) await trx.insertInto('search_acl').values(acl).execute();
  if (sqlite) await writeText(trx, out);
}

/**
 * Entries written before migration 072 get their bigrams, one page of `limit` entries after `after` (id
 * order) per call; `last` is null when there are none after `after`.
 */
export async function backfillGrams(db: Db, after: number, limit = 2000): Promise<{ last: number | null }> {
  const sqlite = dialectOf(db) === 'sqlite';
  const page = await db.selectFrom('search_entry').select('id').where('id', '>', after).orderBy('id').limit(limit).execute();
  if (page.length === 0) return { last: null };
  const last = Number(page[page.length - 1].id);
  const rows = await db
    .selectFrom('search_entry as e')
    .select(['e.id', 'e.title', 'e.body'])
    .where('e.id', '>', after)
    .where('e.id', '<=', last)
    .where((eb) =>
      sqlite
        ? eb.not(eb.exists(eb.selectFrom('search_gram').select('search_gram.rowid').whereRef('search_gram.rowid', '=', 'e.id')))
        : eb('e.grams', 'is', null),
    )
    .execute();
  if (rows.length === 0) return { last };
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
    // SQLite writes only the bigram table here (a virtual table: no trigger): the search's kept pages (migration
    // 133) are dropped by bumping its counter in the same transaction; PostgreSQL's update of the entry bumps it
    if (sqlite)
      await trx
        .updateTable('search_entry_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .execute();
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
  return { last };
}

export async function deleteEntry(trx: Db, kind: string, refId: string): Promise<void> {
  await deleteEntries(trx, kind, [refId]);
}

/** Deletes the entries of these things of one kind (a replaced entry gets a new id: ids are the recency order). */
async function deleteEntries(trx: Db, kind: string, refIds: readonly string[]): Promise<void> {
  if (refIds.length === 0) return;
  const found = await trx
    .selectFrom('search_entry')
    .select('id')
    .where('kind', '=', kind)
    .where('ref_id', 'in', [...refIds])
    .execute();
  if (found.length === 0) return;
  const ids = found.map((f) => Number(f.id));
  await trx.deleteFrom('search_acl').where('entry_id', 'in', ids).execute();
  await trx.deleteFrom('search_entry').where('id', 'in', ids).execute();
  if (dialectOf(trx) === 'sqlite') {
    await trx.deleteFrom('search_fts').where('rowid', 'in', ids).execute();
    await trx.deleteFrom('search_gram').where('rowid', 'in', ids).execute();
  }
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

/**
 * The next page of ids of an indexed table after `after` (id order, `limit` of them: each call reads a bounded
 * range) and those of them that have no search entry of the given kinds (start-up back-fills: records and
 * register rows here, official documents in their feature). `last` is null when there are none after `after`.
 */
export async function unindexedAfter(
  db: Db,
  source: { table: 'business_record' | 'doc_document'; kinds: readonly string[] },
  after: string,
  limit: number,
): Promise<{ last: string | null; ids: string[] }> {
  // both tables keep the entry's ref_id as a string `id`: typed as one of them
  const table = source.table as 'business_record';
  const page = await db.selectFrom(table).select('id').where('id', '>', after).orderBy('id').limit(limit).execute();
  if (page.length === 0) return { last: null, ids: [] };
  const last = page[page.length - 1].id;
  const rows = await db
    .selectFrom(`${table} as r`)
    .select('r.id')
    .where('r.id', '>', after)
    .where('r.id', '<=', last)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('search_entry as e')
            .select('e.id')
            .where('e.kind', 'in', [...source.kinds])
            .whereRef('e.ref_id', '=', 'r.id'),
        ),
      ),
    )
    .orderBy('r.id')
    .execute();
  return { last, ids: rows.map((r) => r.id) };
}

/** Has the start-up back-fill of `source` completed on this database (migration 075)? */
export async function backfillDone(db: Db, source: string): Promise<boolean> {
  return !!(await db.selectFrom('search_backfill').select('source').where('source', '=', source).executeTakeFirst());
}

export async function markBackfillDone(db: Db, source: string, at: string): Promise<void> {
  // two instances may end the same pass at once: the second only moves the time
  await db
    .insertInto('search_backfill')
    .values({ source, done_at: at })
    .onConflict((oc) => oc.column('source').doUpdateSet({ done_at: at }))
    .execute();
}

/** Rows were written without the write paths (the seed): every back-fill runs again at the next start. */
export async function clearBackfillMarks(db: Db): Promise<void> {
  await db.deleteFrom('search_backfill').execute();
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

const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;
type EntryScope = ExpressionBuilder<Database & { e: Database['search_entry'] }, 'e'>;

/**
 * The kinds of entry workflow participants read through the process: approval records and official documents
 * (`module` the workflow module, `ref_id` the instance's record id).
 */
const PARTICIPANT_KINDS = ['record', 'document'];

/** Workflow participants (approvers, copied) read approval records and documents they have no reader principal for. */
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
function readable(eb: EntryScope, f: SearchFilter, opts: { kindOnRow?: boolean; acl?: boolean } = {}): Expression<SqlBool> {
  return eb.and([
    // kindOnRow: another index drives (FTS5, the search keys); `e.kind || ''` keeps the planner from starting
    // at the kind index instead
    ...(f.kinds?.length ? [eb(opts.kindOnRow ? sql<string>`(e.kind || '')` : eb.ref('e.kind'), 'in', [...f.kinds])] : []),
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
            eb.and([eb('e.kind', 'in', PARTICIPANT_KINDS), participant(eb, f.userCode)]),
          ]),
        ]),
  ]);
}

/**
 * PostgreSQL: title or body contains the query as written (any case). strpos, not ILIKE: no trigram index can
 * serve it, so it is checked on the rows another index found and never decides the plan.
 */
const pgContains = (f: SearchFilter) =>
  sql<boolean>`(strpos(lower(e.title), ${f.q.toLowerCase()}) > 0 or strpos(lower(e.body), ${f.q.toLowerCase()}) > 0)`;

const like = (f: SearchFilter, sqlite: boolean, text = f.q) => {
  const op = sqlite ? sql`like` : sql`ilike`;
  return sql<boolean>`(e.title ${op} ${containsPattern(text)} or e.body ${op} ${containsPattern(text)})`;
};

/**
 * SQLite, a word of 2+ letters/digits: one FTS5 query over the bigram table matches the word's bigram
 * phrase AND one of the reader's principal tokens, newest first, so neither a common word nor many
 * unreadable matches make it scan. Approval records read as a workflow participant come from the
 * user's own tasks and copies (a short list) and are merged in.
 */
async function gramIds(db: Db, f: SearchFilter, take: number): Promise<number[]> {
  const few = await sqliteTrigramProbe(db, f, take);
  if (few) return few;
  const q = f.q.toLowerCase();
  const match = `grams : "${bigrams(q).join(' ')}" AND acl : (${f.principals.map(aclToken).join(' OR ')})`;
  const byAcl = await db
    .selectFrom('search_gram')
    .innerJoin('search_entry as e', 'e.id', 'search_gram.rowid')
    .select('e.id')
    .where(sql<boolean>`search_gram match ${match}`)
    .where((eb) => readable(eb as unknown as EntryScope, f, { kindOnRow: true, acl: false }))
    // the phrase of bigrams also runs across words ("麒麟 麟通" has the bigrams of 麒麟通): the word itself decides
    .$if(!isGram(f.q), (qb) => qb.where(like(f, true)))
    .orderBy('search_gram.rowid', 'desc')
    .limit(take)
    .execute();
  const asParticipant = await participantIds(db, f, take, true);
  return newest([...byAcl.map((r) => Number(r.id)), ...asParticipant], take);
}

/**
 * SQLite, a word of 3+ letters/digits: its trigram phrase in the trigram table (search_fts), up to `wordProbe`
 * entries whoever reads them. Fewer are all of the word's matches: those the reader may open (readers
 * or workflow participant, checked on each of those rows) are the answer. More: null, the bigram + readers
 * table decides. A trigram is in about a tenth of the entries a bigram is in (`984` against `84` in numbered
 * titles), so a rare word reads a tenth of the postings; a common one stops at the probe's limit.
 */
async function sqliteTrigramProbe(db: Db, f: SearchFilter, take: number): Promise<number[] | null> {
  if ([...f.q].length < 3) return null;
  const probe = SEARCH_TUNING.wordProbe;
  const hits = await db
    .selectFrom('search_fts')
    .select('search_fts.rowid as id')
    .where(sql<boolean>`search_fts match ${ftsPhrase(f.q)}`)
    // in rowid order, FTS5's own: descending, it reads a common trigram's posting list whole (测试申 of
    // 2,000,000 titles: 6.6 ms against 0.3)
    .limit(probe)
    .execute();
  if (hits.length >= probe) return null;
  if (hits.length === 0) return [];
  const rows = await db
    .selectFrom('search_entry as e')
    .select('e.id')
    .where('e.id', 'in', idsOf(hits))
    .where((eb) => readable(eb, f))
    .where(like(f, true))
    .orderBy('e.id', 'desc')
    .limit(take)
    .execute();
  return idsOf(rows);
}

const newest = (ids: readonly number[], take: number) => [...new Set(ids)].sort((x, y) => y - x).slice(0, take);

/**
 * Matching approval records and documents the user reads as a workflow participant, newest first. Driven from
 * the user's own tasks and copies (a short list: their (module, record) pairs, then one probe each of the
 * entry's (kind, ref_id) key), so no text index decides the plan (PostgreSQL took the title's trigram index
 * for a rare word and read its matches first: 10–16 ms for a user with no task at all). The text is checked
 * on the row (strpos on PostgreSQL: no trigram index can serve it). PostgreSQL leaves out those the reader's
 * principals already read (its count adds both).
 */
async function participantIds(db: Db, f: SearchFilter, take: number, sqlite: boolean): Promise<number[]> {
  const kinds = PARTICIPANT_KINDS.filter((k) => !f.kinds?.length || f.kinds.includes(k));
  if (!kinds.length) return [];
  const mine = db
    .selectFrom('wf_task as t')
    .innerJoin('wf_instance as i', 'i.id', 't.instance_id')
    .select(['i.module_code as module', 'i.record_id as ref'])
    .where('t.assignee', '=', f.userCode)
    .union(
      db
        .selectFrom('wf_cc as c')
        .innerJoin('wf_instance as i', 'i.id', 'c.instance_id')
        .select(['i.module_code as module', 'i.record_id as ref'])
        .where('c.user_code', '=', f.userCode),
    );
  const rows = await db
    .selectFrom(mine.as('p'))
    .innerJoin('search_entry as e', (j) => j.onRef('e.ref_id', '=', 'p.ref').onRef('e.module', '=', 'p.module'))
    .select('e.id')
    .where('e.kind', 'in', kinds)
    .where((eb) => readable(eb as unknown as EntryScope, f, { acl: false }))
    .where(sqlite ? like(f, true) : pgContains(f))
    .$if(!sqlite, (qb) => qb.where(sql<boolean>`not coalesce(${pgReaders(f)}, false)`))
    .orderBy('e.id', 'desc')
    .limit(take)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** PostgreSQL: the entry is read by one of the reader's principals. */
const pgReaders = (f: SearchFilter) => sql<boolean>`e.readers && ${sql.val([...f.principals])}::text[]`;

/**
 * PostgreSQL: an entry's search keys (migration 081): one per (reader principal, bigram), `principal|bigram`,
 * then, in the GIN index's second column, its id block (`id >> 13`, 8,192 ids) and, negative, its region
 * (`-1 - (id >> 17)`, 16 blocks). Both must read exactly as the index's expressions for the planner to use
 * it (search-plans.test.ts).
 */
const READER_GRAMS = sql`search_reader_grams(e.grams, e.readers)`;
export const SEARCH_BLOCK_SHIFT = 13;
const REGION_SHIFT = 17;
const inBlock = (key: number) => sql<boolean>`array[e.id >> 13, -1 - (e.id >> 17)] && array[${key}]::bigint[]`;

/**
 * PostgreSQL, a word of letters/digits: the entries of one id block or region (`key`: a block, or -1 - a
 * region) that contain its bigrams and that one of the principals reads. One GIN scan per principal, of its
 * pair keys AND the block (`{u:staff|数字, u:staff|字化} ∩ block 1245`: posting lists of what that reader may
 * open, nothing else), united. A UNION, not an OR: the planner would take the block condition common to every
 * arm out of the OR and scan the block alone. A 3+ word is also checked as written, on the row (bigrams do not
 * keep their order).
 */
async function pgWordIn(
  db: Db,
  f: SearchFilter,
  grams: readonly string[],
  key: number | null,
  limit: number,
  ordered: boolean,
): Promise<number[]> {
  const arm = (p: string, i: number) =>
    db
      .selectFrom((sub) =>
        sub
          .selectFrom('search_entry as e')
          .select('e.id')
          .where(sql<boolean>`${READER_GRAMS} @> ${sql.val(grams.map((g) => `${p}|${g}`))}::text[]`)
          .$if(key !== null, (qb) => qb.where(inBlock(key!)))
          .$if(!isGram(f.q), (qb) => qb.where(pgContains(f)))
          .where((eb) => readable(eb, f, { kindOnRow: true, acl: false }))
          .$if(ordered, (qb) => qb.orderBy('e.id', 'desc'))
          .limit(limit)
          .as(`a${i}`),
      )
      .select(sql<number>`${sql.ref(`a${i}.id`)}`.as('id'));
  const [first, ...rest] = f.principals.map(arm);
  // each principal's arm stops at `limit` (its newest, when ordered): the reader's `limit` distinct matches (the
  // newest) are among them, and an arm of a common word no longer fills the others' share (UNION ALL streams;
  // UNION would read every match first)
  const rows = await db
    .selectFrom(rest.reduce((u, a) => u.unionAll(a), first).as('m'))
    .select('m.id')
    .$if(ordered, (qb) => qb.orderBy('m.id', 'desc'))
    .limit(limit * f.principals.length)
    .execute();
  return [...new Set(idsOf(rows))].slice(0, limit);
}

const idsOf = (rows: ReadonlyArray<{ id: number | string }>) => rows.map((r) => Number(r.id));

/**
 * PostgreSQL: a region probe reads up to `regionProbe` matches (fewer are all of the region's; tests lower it);
 * the bigram frequencies read from the statistics are used for `gramStatsMs` before they are read again. Both
 * dialects: a word's trigram probe reads up to `wordProbe` entries (fewer are all of the word's matches).
 */
export const SEARCH_TUNING = { regionProbe: 256, wordProbe: 256, gramStatsMs: 5 * 60_000 };

/** A bigram in more than this share of all entries is left out of a word's index keys when rarer ones remain. */
const COMMON_GRAM = 0.2;
interface GramStats {
  /** the share of entries holding each of the most common bigrams */
  freq: Map<string, number>;
  /** the smallest share listed: a bigram not listed is rarer (0 without statistics: every bigram is kept) */
  floor: number;
  /** the number of entries (pg_class.reltuples) */
  entries: number;
}
const gramStats = new WeakMap<Db, { at: number; stats: Promise<GramStats> }>();
/**
 * A word whose rarest bigram is in at most this many entries is first looked up in the whole index at once (one
 * probe reads that much of a posting list at most): fewer than `regionProbe` matches are all of them.
 */
const WHOLE_INDEX_POSTINGS = 100_000;
/**
 * A word of 3+ characters whose rarest bigram is in at most this many entries is first looked up by trigrams
 * (pgTrigramProbe): GIN builds the whole bitmap before a row is read, so a probe of a word in 200,000 entries
 * would cost 30 ms to learn it is common.
 */
const TRIGRAM_PROBE_POSTINGS = 150_000;

/**
 * PostgreSQL: how common the most common bigrams are (the share of entries holding each), from the statistics
 * ANALYZE keeps of `search_entry.grams` (`pg_stats.most_common_elems`), and the number of entries. Read at
 * most every few minutes.
 */
function gramStatsOf(db: Db): Promise<GramStats> {
  const hit = gramStats.get(db);
  if (hit && Date.now() - hit.at < SEARCH_TUNING.gramStatsMs) return hit.stats;
  const stats = sql<{ elems: string[] | null; freqs: number[] | null; entries: number | null }>`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
      (select c.reltuples from pg_class c where c.relname = 'search_entry') as entries
    from (select 1) one left join pg_stats s on s.tablename = 'search_entry' and s.attname = 'grams'`
    .execute(db)
    .then(({ rows: [r] }) => {
      const elems = r?.elems ?? [];
      const freqs = (r?.freqs ?? []).map(Number).slice(0, elems.length);
      return {
        freq: new Map(elems.map((g, i) => [g, freqs[i]!])),
        floor: freqs.length ? Math.min(...freqs) : 0,
        entries: Math.max(0, Number(r?.entries ?? 0)),
      };
    });
  gramStats.set(db, { at: Date.now(), stats });
  stats.catch(() => gramStats.delete(db));
  return stats;
}

/** The share of entries holding a bigram (one not among the most common: at most the smallest share listed). */
const shareOf = (stats: GramStats, gram: string) => stats.freq.get(gram) ?? stats.floor;

/**
 * PostgreSQL: the bigrams a word is looked up by, and how many entries its rarest one is in at most. A bigram
 * that most entries hold (测试 in 1,000,000 "测试申请…" records) narrows nothing, yet GIN reads its whole posting
 * list in every probe: it is left out while rarer ones remain (at least two are kept), and the word itself is
 * checked on the row (pgContains), so the matches are the same (one region probe for an administrator's
 * 测试申请99984: 3.8 → 0.85 ms).
 */
export async function keyGrams(db: Db, q: string): Promise<{ grams: string[]; rarest: number }> {
  const all = [...new Set(bigrams(q.toLowerCase()))];
  const stats = await gramStatsOf(db);
  const share = (g: string) => shareOf(stats, g);
  const byShare = [...all].sort((a, b) => share(a) - share(b));
  const rare = all.filter((g) => share(g) <= COMMON_GRAM);
  const grams = all.length <= 2 ? all : rare.length >= 2 ? rare : byShare.slice(0, 2);
  return { grams, rarest: byShare.length ? share(byShare[0]!) * stats.entries : Infinity };
}

/**
 * PostgreSQL: the part of a text (lower case) a trigram index is asked for: from its first to its last rare
 * bigram (in at most a fifth of the entries), 3 characters at least; the whole text when none is rare. GIN
 * reads every trigram's posting list, and the trigrams of a common part (测试申 in 1,000,000 "测试申请…"
 * titles) narrow nothing: for `测试申请99984` it asks `请99984` (9.4 → 0.3 ms at 1M records). The whole text is
 * checked on the row. The bigram frequencies are those of the search index (keyGrams), which holds every title.
 */
export async function trigramKey(db: Db, text: string): Promise<string> {
  const chars = [...text.toLowerCase()];
  if (chars.length <= 3) return chars.join('');
  const stats = await gramStatsOf(db);
  // a bigram across a space or a sign is in no index (pg_trgm splits words there): neither rare nor common
  const rare = chars
    .slice(1)
    .map((c, i) => (isRun(chars[i] + c) && shareOf(stats, chars[i] + c) <= COMMON_GRAM ? i : -1))
    .filter((i) => i >= 0);
  if (rare.length === 0) return chars.join('');
  let [from, to] = [rare[0]!, rare[rare.length - 1]! + 2];
  while (to - from < 3)
    if (from > 0) from--;
    else to++;
  return chars.slice(from, to).join('');
}

/**
 * PostgreSQL: the part of a word of 3+ characters a trigram index may be asked for (trigramKey), or null when the
 * word is shorter or common: its rarest bigram in more than TRIGRAM_PROBE_POSTINGS entries (the GIN bitmap of a
 * common word is built whole before a row is read). `rarest` when the caller has it from keyGrams.
 */
export async function trigramProbeKey(db: Db, text: string, rarest?: number): Promise<string | null> {
  if ([...text].length < 3) return null;
  const postings = rarest ?? (await keyGrams(db, text)).rarest;
  return postings <= TRIGRAM_PROBE_POSTINGS ? trigramKey(db, text) : null;
}

/**
 * PostgreSQL, a word of 3+ characters: the entries whose title or body holds its rare part (`key`, trigramKey),
 * whoever reads them, up to `wordProbe` (pg_trgm GIN indexes of title and body). Fewer are all of the word's
 * matches: those of them that hold the word and one of the principals reads are returned, newest first. More:
 * null (the reader+bigram keys decide).
 */
async function pgTrigramProbe(db: Db, f: SearchFilter, key: string): Promise<number[] | null> {
  const probe = SEARCH_TUNING.wordProbe;
  const rows = await db
    .selectFrom('search_entry as e')
    .select((eb) => ['e.id', eb.and([readable(eb, f, { acl: false }), pgReaders(f), pgContains(f)]).as('ok')])
    .where(like(f, false, key))
    .limit(probe)
    .execute();
  if (rows.length >= probe) return null;
  return idsOf(rows.filter((r) => r.ok)).sort((x, y) => y - x);
}

/** PostgreSQL: the regions (`id >> 17`) that hold entries up to id `top`, newest first: one primary-key probe each (ids may have gaps). */
async function pgRegions(db: Db, top: number): Promise<number[]> {
  const rows = await sql<{ region: number | string }>`
    with recursive r(region) as (
      select ${top}::bigint >> 17
      union all
      select (select max(id) from search_entry where id < (r.region << 17)) >> 17 from r where r.region is not null
    )
    select region from r where region is not null`.execute(db);
  return rows.rows.map((r) => Number(r.region));
}

/**
 * PostgreSQL, a word: the newest `need` matches (fewer: all of them), newest first, of which the first
 * `sorted` in order (the page; the rest only count). A word whose rarest bigram is rare enough is first probed
 * by its trigrams (3+ characters), then by its reader+bigram keys in the whole index; each returns when it
 * found all the matches. Else walks the regions that hold entries, newest first. A region probe reads up to
 * `regionProbe` of its matches, unordered: none costs one index scan (no row read); fewer than that are all
 * of them (sorted here). A region with more is read block by block (at most 8,192
 * entries a block), newest block first, until `need` are found. So a common word ends in the newest blocks
 * that hold it, and a rare one costs a probe per region (16 × 8,192 ids) of posting lists that hold only the
 * reader's matches. The GIN index is the only access path (`enable_indexscan` off: the planner takes a word's
 * bigrams as independent and would walk the primary key for a common word).
 */
async function pgNewest(db: Db, f: SearchFilter, need: number, sorted: number): Promise<number[]> {
  const { grams, rarest } = await keyGrams(db, f.q);
  const probe = SEARCH_TUNING.regionProbe;
  // read before the transaction: gramStatsOf keeps the statistics per database handle
  const key = await trigramProbeKey(db, f.q, rarest);
  if (key !== null || rarest <= WHOLE_INDEX_POSTINGS) {
    const found = await ginOnly(db, async (trx) => {
      const few = key === null ? null : await pgTrigramProbe(trx, f, key);
      if (few || rarest > WHOLE_INDEX_POSTINGS) return few;
      const some = await pgWordIn(trx, f, grams, null, probe, false);
      return some.length < probe ? some.sort((x, y) => y - x) : null;
    });
    if (found) return found.slice(0, need);
  }
  const top = await db
    .selectFrom('search_entry')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  if (top?.id == null) return [];
  const max = Number(top.id);
  const regions = await pgRegions(db, max);
  return ginOnly(db, async (trx) => {
    const out: number[] = [];
    const per = 1 << (REGION_SHIFT - SEARCH_BLOCK_SHIFT);
    for (const region of regions) {
      if (out.length >= need) break;
      const some = await pgWordIn(trx, f, grams, -1 - region, probe, false);
      if (some.length < probe) {
        out.push(...some.sort((x, y) => y - x).slice(0, need - out.length));
        continue;
      }
      for (let block = Math.min(max >> SEARCH_BLOCK_SHIFT, region * per + per - 1); block >= region * per && out.length < need; block--) {
        // past the page, matches only count: no sort, the scan stops at the limit
        out.push(...(await pgWordIn(trx, f, grams, block, need - out.length, out.length < sorted)));
      }
    }
    return out;
  });
}

/** PostgreSQL: runs `fn` in a transaction whose plans read search_entry through its GIN indexes only. */
function ginOnly<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // one round trip (no parameters: the simple query protocol takes several statements)
    await sql`set local enable_indexscan = off; set local enable_indexonlyscan = off; set local enable_seqscan = off`.execute(trx);
    return fn(trx);
  });
}

/**
 * PostgreSQL, other text (punctuation, spaces, one character): ILIKE over title and body (pg_trgm indexes
 * for 3+ characters) of what the principals read, newest first, up to `need`.
 */
async function pgOtherText(db: Db, f: SearchFilter, need: number): Promise<number[]> {
  const rows = await db
    .selectFrom('search_entry as e')
    .select('e.id')
    .where(like(f, false))
    .where(pgReaders(f))
    .where((eb) => readable(eb, f, { acl: false }))
    .orderBy('e.id', 'desc')
    .limit(need)
    .execute();
  return idsOf(rows);
}

/**
 * PostgreSQL: the page of ids and the count up to `countUpTo` + 1: a word through the reader+bigram walk
 * (pgNewest), other text by ILIKE. Approval records read as a workflow participant are added (a short list,
 * disjoint from the principals' matches).
 */
async function pgMatching(db: Db, f: SearchFilter): Promise<{ ids: number[]; total: number }> {
  const cap = f.countUpTo + 1;
  const take = f.offset + f.limit;
  const byAcl = isRun(f.q) ? await pgNewest(db, f, cap, take) : await pgOtherText(db, f, cap);
  const participants = await participantIds(db, f, cap, false);
  return {
    ids: newest([...byAcl.slice(0, take), ...participants], take).slice(f.offset),
    total: Math.min(cap, byAcl.length + participants.length),
  };
}

/**
 * SQLite: the ids of matching readable entries, newest first (ids are recency), at most `limit` after
 * `offset`. A word of letters/digits through the bigram table (gramIds); other text through FTS5 trigram
 * (3+ characters) driving in rowid order, or LIKE.
 */
async function sqliteIds(db: Db, f: SearchFilter, offset: number, limit: number): Promise<number[]> {
  if (isRun(f.q)) return (await gramIds(db, f, offset + limit)).slice(offset);
  if ([...f.q].length >= 3) {
    const rows = await db
      .selectFrom('search_fts')
      .innerJoin('search_entry as e', 'e.id', 'search_fts.rowid')
      .select('e.id')
      .where(sql<boolean>`search_fts match ${ftsPhrase(f.q)}`)
      .where((eb) => readable(eb as unknown as EntryScope, f, { kindOnRow: true }))
      .orderBy('search_fts.rowid', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }
  const rows = await db
    .selectFrom('search_entry as e')
    .select('e.id')
    .where(like(f, true))
    .where((eb) => readable(eb, f))
    .orderBy('e.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The page of ids and the count up to `countUpTo` + 1. SQLite: FTS5 merges the word's and the readers'
 * posting lists in rowid order, so the newest matches come first whatever their number. PostgreSQL: the
 * reader's matches region by region, newest first, from keys that join reader and bigram (pgMatching).
 */
async function matching(db: Db, f: SearchFilter): Promise<{ ids: number[]; total: number }> {
  if (dialectOf(db) === 'sqlite') {
    // one read, newest first, up to the cap: the page is a slice of it and the count its length (stops at the
    // cap, never all of a common word)
    const upTo = await sqliteIds(db, f, 0, Math.max(f.countUpTo + 1, f.offset + f.limit));
    return { ids: upTo.slice(f.offset, f.offset + f.limit), total: Math.min(upTo.length, f.countUpTo + 1) };
  }
  return pgMatching(db, f);
}

/**
 * Of the reader's principals, those some entry names (one index probe each): most of a reader's permissions
 * are menu functions no entry is read by, and every principal costs the index a posting list.
 */
async function principalsInUse(db: Db, principals: readonly string[]): Promise<string[]> {
  if (principals.length === 0) return [READER_ALL];
  // the list as one parameter (a reader may have hundreds of principals: one exists() each made a statement
  // PostgreSQL took 4 ms to parse and plan), each probed in search_acl's principal index
  const rows =
    dialectOf(db) === 'sqlite'
      ? await sql<{ p: string }>`select value as p from json_each(${JSON.stringify(principals)})
        where exists (select 1 from search_acl a where a.principal = value)`.execute(db)
      : await sql<{ p: string }>`select p from unnest(${sql.val([...principals])}::text[]) as p
        where exists (select 1 from search_acl a where a.principal = p)`.execute(db);
  const used = new Set(rows.rows.map((r) => r.p));
  // FTS5 needs one token at least; 'all' matches what everyone reads
  return used.size ? principals.filter((p) => used.has(p)) : [READER_ALL];
}
const READER_ALL = 'all';

/** A page of matching entries the reader may open, newest first, and how many there are up to `countUpTo` + 1. */
/**
 * The key a search's page is kept under in memory (features/search/search.service.ts, db/answer-memo.ts): the
 * reader's scope (principals, user, kinds) and the page as the query compiles them (the words and the count's
 * bound are added to the key by the caller); `since` stands for
 * the time (`visibleSince`), so a page is kept only while no entry's `visible_from` is passed.
 */
export function searchKey(db: Db, f: SearchFilter, since: string) {
  // compiled, never run: without plugins (a query recorder would take it for a read)
  return db
    .withoutPlugins()
    .selectFrom('search_entry as e')
    .select('e.id')
    .where((eb) => readable(eb as unknown as EntryScope, { ...f, now: since }))
    .offset(f.offset)
    .limit(f.limit)
    .compile();
}

const epochs = new WeakMap<Db, { version: number; since: string | null; until: string | null }>();

/**
 * What stands for `now` in a kept search page's key (issue 35): the newest `visible_from` already passed. Between it
 * and the next one (`until`) the entries visible are the same, while the search counter (`version`) is unchanged:
 * a page kept then is the one a fresh search gives. Read once per counter value and passed time, by the partial
 * index of migration 133.
 */
export async function visibleSince(db: Db, version: number, now: string): Promise<string> {
  const e = epochs.get(db);
  if (e && e.version === version && (e.since === null || e.since <= now) && (e.until === null || now < e.until)) return e.since ?? '';
  const scheduled = () => db.selectFrom('search_entry').where('visible_from', 'is not', null);
  const r = await db
    .selectNoFrom(() => [
      scheduled()
        .select((s) => s.fn.max('visible_from').as('v'))
        .where('visible_from', '<=', now)
        .as('since'),
      scheduled()
        .select((s) => s.fn.min('visible_from').as('v'))
        .where('visible_from', '>', now)
        .as('until'),
    ])
    .executeTakeFirstOrThrow();
  const since = (r.since as string | null) ?? null;
  epochs.set(db, { version, since, until: (r.until as string | null) ?? null });
  return since ?? '';
}

export async function searchEntries(db: Db, f: SearchFilter): Promise<{ rows: Array<EntryRow & { id: number }>; total: number }> {
  const { ids, total } = await matching(db, { ...f, principals: await principalsInUse(db, f.principals) });
  const rows = ids.length
    ? await db
        .selectFrom('search_entry as e')
        .select(['e.id', 'e.kind', 'e.ref_id', 'e.module', 'e.title', 'e.body', 'e.link', 'e.updated_at', 'e.visible_from'])
        .where('e.id', 'in', ids)
        .orderBy('e.id', 'desc')
        .execute()
    : [];
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total };
}
