import { sql, type Expression, type SqlBool } from 'kysely';
import { trigramKey } from '../../core/search/search-index';
import type { Db, Dialect } from '../../db/database';

/**
 * A title keyword of 3+ characters in a module list (issue 35): only the module's own entries of the title index
 * are read (migration 120). SQLite: the contentless FTS5 table `business_record_title_gram`, one token per
 * trigram of the lower-cased title, `<hex(module)>x<hex(trigram)>` (the keyword: the phrase of its trigrams'
 * tokens, so the title contains it); PostgreSQL: the GIN index of `oa_title_keys(module, title)`, asked for the
 * module's keys of the keyword's rare part (`trigramKey`: a part most titles share would make GIN read its posting
 * lists whole). The list checks the keyword on each row (LIKE) whatever the index answered.
 *
 * Up to `probe` matches are named to the list by id. A keyword with more is common in the module: a page then
 * walks the list's own index and checks each row (its page soon fills), while the count reads the module's
 * matches from the index (`set`) instead of every row of the list.
 */
export const TITLE_KEYWORD_TUNING = { probe: 500 };

export interface TitleLookup {
  /** the module's records holding the keyword (fewer than `probe`), or null: common, walk the list's index */
  ids: string[] | null;
  /** the module's records the index answers for the keyword, as a condition on business_record */
  set: Expression<SqlBool>;
}

const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');

/**
 * SQLite: the phrase of the keyword's trigram tokens in a module, as migration 120's `titleTokens` writes them (the
 * keyword is lower case already: SQLite's lower() folds ASCII only, as LIKE does; the tokens are compared as written).
 */
export function titlePhrase(module: string, words: string): string {
  const chars = [...words];
  const tokens: string[] = [];
  for (let i = 0; i + 3 <= chars.length; i++) tokens.push(`${hex(module)}x${hex(chars.slice(i, i + 3).join(''))}`);
  return `"${tokens.join(' ')}"`;
}

/** The module's records whose title holds the (lower-case) words, from the index; null for 1–2 characters. */
export async function titleLookup(db: Db, d: Dialect, module: string, words: string): Promise<TitleLookup | null> {
  if ([...words].length < 3) return null;
  const probe = TITLE_KEYWORD_TUNING.probe;
  if (d === 'sqlite') {
    const phrase = titlePhrase(module, words);
    const ids = sql`select k.id from business_record_title_gram g join business_record_title_key k on k.seq = g.rowid
      where business_record_title_gram match ${phrase}`;
    const { rows } = await sql<{ id: string }>`${ids} limit ${probe}`.execute(db);
    return {
      ids: rows.length < probe ? rows.map((r) => r.id) : null,
      set: sql<SqlBool>`business_record.id in (${ids})`,
    };
  }
  const key = await trigramKey(db, words);
  const set = sql<SqlBool>`oa_title_keys(module, title) @> oa_title_keys(${module}, ${key})`;
  const rows = await db.selectFrom('business_record').select('id').where('module', '=', module).where(set).limit(probe).execute();
  return { ids: rows.length < probe ? rows.map((r) => r.id) : null, set };
}
