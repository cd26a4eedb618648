import { sql, type Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Security hardening (issue 12):
 * - sys_login_attempt: one counter row per login key ('account:<name>' or 'ip:<address>'), reserved
 *   atomically (INSERT … ON CONFLICT DO UPDATE … RETURNING) before a password is verified, so that N
 *   concurrent guesses count as N on every instance.
 * - sys_audit becomes append-only in the database itself: UPDATE and DELETE (and TRUNCATE on PostgreSQL)
 *   are refused by triggers. Nothing in the application updates or deletes audit rows (there is no
 *   retention purge); an archive is made by copying, never by deleting.
 * - an index for the global daily SMS budget (count of codes sent since a time).
 */
export const m008Security: OaMigration = {
  name: '008-security',
  async up(raw, dialect) {
    const db = raw as Kysely<any>;
    await db.schema
      .createTable('sys_login_attempt')
      .addColumn('attempt_key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
      .addColumn('locked_until', 'varchar(32)')
      .execute();
    await db.schema.createIndex('idx_sms_code_created').on('sys_sms_code').column('created_at').execute();

    if (dialect === 'sqlite') {
      await sql`CREATE TRIGGER sys_audit_no_update BEFORE UPDATE ON sys_audit BEGIN SELECT RAISE(ABORT, 'sys_audit is append-only'); END`.execute(
        db,
      );
      await sql`CREATE TRIGGER sys_audit_no_delete BEFORE DELETE ON sys_audit BEGIN SELECT RAISE(ABORT, 'sys_audit is append-only'); END`.execute(
        db,
      );
    } else {
      await sql`CREATE OR REPLACE FUNCTION oa_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'sys_audit is append-only'; END $$`.execute(db);
      await sql`CREATE TRIGGER sys_audit_no_change BEFORE UPDATE OR DELETE ON sys_audit FOR EACH ROW EXECUTE FUNCTION oa_audit_append_only()`.execute(
        db,
      );
      await sql`CREATE TRIGGER sys_audit_no_truncate BEFORE TRUNCATE ON sys_audit FOR EACH STATEMENT EXECUTE FUNCTION oa_audit_append_only()`.execute(
        db,
      );
    }
  },
};
