import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Second list pass of issue 18: the capped counts read their index alone (SQLite: a covering index, no row
 * lookup per counted row; PostgreSQL: an index-only scan).
 * - The visible-rows indexes of migration 070 get `status` as a trailing column: SQLite checks a branch's
 *   `status <> 'draft'` on the entry itself instead of reading the row (the partial predicate alone does not
 *   spare it that).
 * - The manager view's "my drafts" branch: partial (module, applicant, created_at, id) where status = 'draft'.
 * - SQLite: the form-field indexes carry the visibility columns (status, applicant, dept, module): start-up
 *   creates them under new names (`idx_rfv_*`, db/record-field-indexes.ts); the narrower `idx_rf_*` of before are
 *   dropped here. PostgreSQL keeps its `idx_rf_*` (it never reads an expression index index-only).
 */
export const m079ListCovering: OaMigration = {
  name: '079-list-covering',
  async up(db: Kysely<any>, dialect: Dialect) {
    await db.schema.dropIndex('idx_record_visible').execute();
    await db.schema.dropIndex('idx_record_dept_visible').execute();
    await sql`create index idx_record_visible on business_record (module, created_at, id, status) where status <> 'draft'`.execute(db);
    await sql`create index idx_record_dept_visible on business_record (module, dept, created_at, id, applicant, status) where status <> 'draft'`.execute(
      db,
    );
    // the manager's own drafts: a small exact index (an applicant common in other modules made PostgreSQL read
    // every row of a form-field value for this branch)
    await sql`create index idx_record_drafts on business_record (module, applicant, created_at, id) where status = 'draft'`.execute(db);
    if (dialect !== 'sqlite') return; // PostgreSQL keeps its idx_rf_* (record-field-indexes.ts fieldIndexName)
    const old = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'business_record' and name like ${'idx\\_rf\\_%'} escape ${'\\'}`.execute(
      db,
    );
    for (const { name } of old.rows) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  },
};
