import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Two-character search (issue 15): trigram indexes cannot serve a 2-character word (most Chinese words),
 * so each search entry also keeps its letter/digit bigrams ("杭州市" → "杭州 州市"): SQLite in an FTS5
 * table (rowid = search_entry.id) with the readers' principals as tokens (one query matches the word
 * and the reader), PostgreSQL in a text[] column with a GIN index. Filled at start-up by the search
 * backfill. The entry's id doubles as the recency order (an update re-inserts the entry).
 */
export const m072SearchGrams: OaMigration = {
  name: '072-search-grams',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    // a column's page of ids is read from this index alone (the id breaks ties of the same time)
    await db.schema
      .createIndex('idx_news_article_col_page')
      .on('news_article')
      .columns(['column_code', 'status', 'is_top', 'published_at', 'id'])
      .execute();
    if (dialect === 'sqlite') {
      await sql`create virtual table search_gram using fts5(grams, acl, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
    } else {
      await db.schema
        .alterTable('search_entry')
        .addColumn('grams', sql`text[]`)
        .execute();
      await sql`create index idx_search_entry_grams on search_entry using gin (grams)`.execute(db);
    }
  },
};
