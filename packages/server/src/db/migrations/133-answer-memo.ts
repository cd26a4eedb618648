import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { syncCacheTriggers } from '../cache-triggers';
import { createCounterTable, type OaMigration } from './migration-kit';

/**
 * Issue 35: answers kept in memory under change counters (db/answer-memo.ts).
 * - The process monitor and 我的申请 keep their pages under `wf_todo_version`. They show every column of an instance
 *   and an instance may be written without a task, so the counter now watches every write to wf_instance.
 * - The search keeps its pages under `search_entry_version` (new): bumped by every write to the entries, their
 *   readers and the CC copies a participant reads by; at commit on PostgreSQL, after the to-do and records counters
 *   (a transaction that indexes a record bumps all three, always in this order).
 * - An entry that becomes visible at a later time (`visible_from`) is found by a partial index: the search keeps
 *   its pages only until the next such time (core/search/search-index.repository.ts `visibleSince`).
 * The triggers are generated again from the declaration (db/cache-dependencies.ts).
 */
export const m133AnswerMemo: OaMigration = {
  name: '133-answer-memo',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await createCounterTable(db, 'search_entry_version');
    await sql`create index search_entry_visible_from on search_entry (visible_from) where visible_from is not null`.execute(db);
    await syncCacheTriggers(db, dialect);
  },
};
