import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Search at scale (issue 15).
 * - PostgreSQL: each entry keeps its readers' principals in `readers` (text[]) beside its bigrams, and one
 *   GIN index over (grams, readers) answers "these bigrams AND one of these principals" in a single index
 *   scan, as SQLite's FTS5 row of bigrams + reader tokens does (migration 072). Filled here from search_acl.
 * - Both: `search_backfill` keeps which start-up back-fills have completed, so a start with nothing to index
 *   reads one small table instead of scanning every record, article and topic.
 */
export const m075SearchScale: OaMigration = {
  name: '075-search-scale',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await db.schema
      .createTable('search_backfill')
      .addColumn('source', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('done_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    if (dialect !== 'postgres') return;
    await db.schema
      .alterTable('search_entry')
      .addColumn('readers', sql`text[]`)
      .execute();
    await sql`update search_entry e set readers = array(select a.principal from search_acl a where a.entry_id = e.id)`.execute(db);
    await sql`drop index if exists idx_search_entry_grams`.execute(db);
    await sql`create index idx_search_entry_grams_readers on search_entry using gin (grams, readers)`.execute(db);
  },
};
