import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * The title keyword of a module list reads only that module's matches (issue 35). Before, the trigram index of
 * titles answered every module's matches (a common word: 200,000 of 1,000,000 records), each then looked up to
 * keep the module's: 0.85–1.3 s on SQLite. Now every key of the index names its module:
 * - SQLite: `business_record_title_gram`, a contentless FTS5 table (ascii tokens, positions kept) whose row for a
 *   record (rowid: `business_record_title_key.seq`, migration 074, stable across a VACUUM) holds one token per
 *   trigram of the lower-cased title, `<hex(module)>x<hex(trigram)>`: a module's trigram is its own posting list,
 *   and a keyword is the phrase of its trigrams' tokens (consecutive: the title contains the keyword). Kept by the
 *   triggers of every write (those of 074 replaced; a title or module change rewrites the row). Existing titles are
 *   copied in key order, FILL_BATCH keys a statement (each statement is atomic): an interrupted upgrade resumes after
 *   the highest key copied. The old table is then dropped.
 * - PostgreSQL: a GIN index of `oa_title_keys(module, title)`, the `<module> <trigram>` keys of the lower-cased
 *   title, replacing the pg_trgm index of migration 070. PostgreSQL keeps it in the writing transaction; CREATE
 *   INDEX reads the table once (the migration's transaction makes it all or nothing: an interrupted upgrade
 *   builds it again).
 */
const FILL_BATCH = 20_000;

export const m120TitleByModule: OaMigration = {
  name: '120-title-by-module',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    if (dialect === 'postgres') {
      // costly to the planner (a row's keys are computed anew): it asks the index, never checks rows one by one
      await sql`create or replace function oa_title_keys(module text, title text) returns text[]
        language sql immutable strict parallel safe cost 5000 as $$
          select coalesce(array_agg(distinct module || ' ' || substr(t, i, 3)), '{}')
          from (select lower(title) as t) s, generate_series(1, char_length(t) - 2) as i $$`.execute(db);
      await sql`create index if not exists idx_record_title_keys on business_record using gin (oa_title_keys(module, title))`.execute(db);
      await sql`drop index if exists idx_record_title_trgm`.execute(db);
      return;
    }
    await sql`create virtual table if not exists business_record_title_gram
      using fts5(grams, tokenize = 'ascii', content = '', contentless_delete = 1)`.execute(db);
    await createTriggers(db);
    await fillTitleGrams(db, FILL_BATCH);
    await sql`drop table if exists business_record_title_fts`.execute(db);
  },
};

/**
 * SQLite: the tokens of a record's title (`row`: a table alias or new/old): `<hex(module)>x<hex(trigram)>` for each
 * trigram of lower(title), in order (json_each over a zero-filled array numbers the positions).
 */
export const titleTokens = (row: string): RawBuilder<string> => {
  const [module, title] = [sql.raw(`${row}.module`), sql.raw(`${row}.title`)];
  // the positions in order (an ordered subquery; no ORDER BY inside group_concat, which SQLite before 3.44 — its
  // command-line shell here — cannot read in a schema)
  return sql<string>`(select group_concat(g, ' ') from (select hex(${module}) || 'x' || hex(substr(lower(${title}), j.key + 1, 3)) as g
    from json_each('[' || rtrim(replace(hex(zeroblob(max(length(${title}) - 2, 0))), '00', '0,'), ',') || ']') as j order by j.key))`;
};

/**
 * Copies the titles not yet copied, `batch` keys a statement, after the highest key already copied (no transaction
 * spans the batches: the migrator holds its connection, and one INSERT is atomic on its own).
 */
export async function fillTitleGrams(db: Kysely<any>, batch: number): Promise<void> {
  const { top } = await db
    .selectFrom('business_record_title_key')
    .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), sql.lit(0)).as('top'))
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ last: number }>`select rowid as last from business_record_title_gram order by rowid desc limit 1`.execute(
    db,
  );
  for (let last = Number(rows[0]?.last ?? 0); last < Number(top); last += batch)
    await sql`insert into business_record_title_gram (rowid, grams)
      select k.seq, ${titleTokens('r')} from business_record_title_key k join business_record r on r.id = k.id
      where k.seq > ${last} and k.seq <= ${last + batch}`.execute(db);
}

/** SQLite: the triggers that keep the keys and the tokens in every write (those of migration 074 replaced). */
async function createTriggers(db: Kysely<any>) {
  for (const t of ['business_record_title_ai', 'business_record_title_ad', 'business_record_title_au'])
    await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  const seq = (row: 'new' | 'old') => sql`(select seq from business_record_title_key where id = ${sql.raw(row)}.id)`;
  await sql`create trigger business_record_title_ai after insert on business_record begin
    insert into business_record_title_key (id) values (new.id);
    insert into business_record_title_gram (rowid, grams) values (${seq('new')}, ${titleTokens('new')}); end`.execute(db);
  await sql`create trigger business_record_title_ad after delete on business_record begin
    delete from business_record_title_gram where rowid = ${seq('old')};
    delete from business_record_title_key where id = old.id; end`.execute(db);
  await sql`create trigger business_record_title_au after update of title, module on business_record
    when new.title is not old.title or new.module is not old.module begin
    delete from business_record_title_gram where rowid = ${seq('old')};
    insert into business_record_title_gram (rowid, grams) values (${seq('new')}, ${titleTokens('new')}); end`.execute(db);
}
