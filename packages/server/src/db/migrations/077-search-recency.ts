import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Search by recency on PostgreSQL (issue 15). A GIN index is unordered: the newest page of a common word
 * needed every match read from the table and sorted. The index over (grams, readers) gains a third key, the
 * entry's id block (`id >> 14`, 16,384 ids a block), so one index scan answers "these bigrams AND one of these
 * principals AND in these blocks": the search walks blocks newest first and reads only the matches of the
 * blocks it needs (core/search-index.repository.ts, pgMatching). The expression must stay exactly
 * `array[id >> 14]` for the planner to match it (SEARCH_BLOCK_SHIFT). SQLite is unchanged (FTS5 already
 * answers in rowid order). Built from the rows in place: an upgrade needs nothing else.
 */
export const m077SearchRecency: OaMigration = {
  name: '077-search-recency',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    const db = raw as Kysely<any>;
    await sql`create index idx_search_entry_recency on search_entry using gin (grams, readers, (array[id >> 14]))`.execute(db);
    await sql`drop index if exists idx_search_entry_grams_readers`.execute(db);
  },
};
