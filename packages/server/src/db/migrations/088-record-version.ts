import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { createCounterTable, type OaMigration } from './migration-kit';

/**
 * `business_record_version` (issue 18): bumped by every write to `business_record` (and so to the title index kept
 * from it), read with the session check on every request (`readRequestVersions`). The module and register lists
 * keep their capped totals under it (db/count-memo.ts): on PostgreSQL a total of 10,000 rows filtered by a form
 * field reads 10,000 table rows (its planner never reads an expression index index-only), 20 ms at 1,000,000
 * records, and the same total is asked on every visit of the list.
 * PostgreSQL bumps it at commit, once per transaction, like `wf_todo_version` (migration 084). A transaction that
 * writes records and tasks bumps both counters at commit, in the order its writes came: so the records counter
 * always takes the to-do counter's row first — two transactions never hold one counter each while waiting for the
 * other's. SQLite has one writer: plain row triggers.
 */
export const m088RecordVersion: OaMigration = {
  name: '088-record-version',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await createCounterTable(db, 'business_record_version');
    if (dialect === 'sqlite') {
      for (const ev of ['INSERT', 'UPDATE', 'DELETE'])
        await sql`CREATE TRIGGER ${sql.id(`business_record_version_${ev.toLowerCase()}`)} AFTER ${sql.raw(ev)} ON business_record
          BEGIN UPDATE business_record_version SET version = version + 1 WHERE id = 1; END`.execute(db);
      return;
    }
    await sql`CREATE OR REPLACE FUNCTION oa_bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM wf_todo_version WHERE id = 1 FOR UPDATE;
        UPDATE business_record_version SET version = version + 1, tx = txid_current() WHERE id = 1 AND tx IS DISTINCT FROM txid_current();
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER business_record_version AFTER INSERT OR UPDATE OR DELETE ON business_record
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION oa_bump_record_version()`.execute(db);
    await sql`CREATE TRIGGER business_record_version_truncate BEFORE TRUNCATE ON business_record
      FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_record_version()`.execute(db);
  },
};
