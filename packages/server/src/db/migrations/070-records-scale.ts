import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Module and register lists at a million records (issue 18). Every list is a UNION ALL of branches, each
 * read in (created_at, id) order from one index, merged, and counted up to a cap:
 * - my records: (module, applicant, created_at, id)
 * - everyone's submitted records (manager view): partial (module, created_at, id) where status <> 'draft'
 * - the departments a leader oversees: partial (module, dept, created_at, id, applicant) where status <> 'draft'
 * - registers (every row of a module): (module, created_at, id)
 * Title keywords: SQLite through the search index's FTS5 trigram table; PostgreSQL a pg_trgm GIN on lower(title).
 * Filterable form fields get expression indexes from their declarations at start-up (db/record-field-indexes.ts).
 */
export const m070RecordsScale: OaMigration = {
  name: '070-records-scale',
  async up(db: Kysely<any>, dialect: Dialect) {
    const s = db.schema;
    await s.dropIndex('idx_record_applicant').execute();
    await s.dropIndex('idx_record_created').execute();
    await s.createIndex('idx_record_mine').on('business_record').columns(['module', 'applicant', 'created_at', 'id']).execute();
    await s.createIndex('idx_record_created').on('business_record').columns(['module', 'created_at', 'id']).execute();
    await sql`create index idx_record_visible on business_record (module, created_at, id) where status <> 'draft'`.execute(db);
    await sql`create index idx_record_dept_visible on business_record (module, dept, created_at, id, applicant) where status <> 'draft'`.execute(
      db,
    );
    if (dialect === 'postgres') {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index idx_record_title_trgm on business_record using gin (lower(title) gin_trgm_ops)`.execute(db);
      return;
    }
    // SQLite: an external-content FTS5 trigram table over the titles, kept by triggers in every write path
    // (keyed by the table's rowid, which a VACUUM could renumber: run 'rebuild' after one)
    await sql`create virtual table business_record_title_fts using fts5(title, content='business_record', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger business_record_title_ai after insert on business_record begin
      insert into business_record_title_fts (rowid, title) values (new.rowid, new.title); end`.execute(db);
    await sql`create trigger business_record_title_ad after delete on business_record begin
      insert into business_record_title_fts (business_record_title_fts, rowid, title) values ('delete', old.rowid, old.title); end`.execute(
      db,
    );
    await sql`create trigger business_record_title_au after update of title on business_record begin
      insert into business_record_title_fts (business_record_title_fts, rowid, title) values ('delete', old.rowid, old.title);
      insert into business_record_title_fts (rowid, title) values (new.rowid, new.title); end`.execute(db);
    await sql`insert into business_record_title_fts (business_record_title_fts) values ('rebuild')`.execute(db);
  },
};
