import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { createCounterTable, type OaMigration } from './migration-kit';

/**
 * What one request reads once, together with the session check (issue 18: one round trip for an
 * authenticated read on PostgreSQL).
 *
 * 1. `wf_todo_version`: bumped on every write that can change a to-do or done list's answer — any write to
 *    wf_task, and to the instance columns those lists show (module, record, serial number, title, initiator,
 *    status). The pending centre keeps its answers in memory while this counter (and `sys_auth_version`, for
 *    the names) is unchanged (engines/workflow/pending.cache.ts).
 *    PostgreSQL bumps it at commit (deferred constraint triggers): approvals write business rows, instances
 *    and tasks in varying orders, so a lock taken at a task's first write could close a cycle with another
 *    transaction's; at commit every such transaction takes the counter's row last and waits for nothing after
 *    it, once per transaction. SQLite has one writer: plain row triggers.
 * 2. The session guard's cache also holds the password state (userinfo's "must change the password"), so the
 *    user's password columns join migration 078's watched columns of sys_user.
 */
const TODO_INSTANCE_COLUMNS = ['module_code', 'record_id', 'serial_no', 'title', 'initiator', 'status'];
const AUTH_USER_COLUMNS = [
  'user_code',
  'user_name',
  'mobile',
  'sex',
  'icon',
  'email',
  'dept_code',
  'position',
  'status',
  'password_reset',
  'password_changed_at',
];

const BUMP_TODO = sql`UPDATE wf_todo_version SET version = version + 1 WHERE id = 1`;
const BUMP_AUTH = sql`UPDATE sys_auth_version SET version = version + 1 WHERE id = 1`;

export const m084RequestVersions: OaMigration = {
  name: '084-request-versions',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await createCounterTable(db, 'wf_todo_version');
    const instanceUpdate = `UPDATE OF ${TODO_INSTANCE_COLUMNS.join(', ')}`;

    if (dialect === 'sqlite') {
      for (const ev of ['INSERT', 'UPDATE', 'DELETE'])
        await sql`CREATE TRIGGER ${sql.id(`wf_task_todo_${ev.toLowerCase()}`)} AFTER ${sql.raw(ev)} ON wf_task BEGIN ${BUMP_TODO}; END`.execute(
          db,
        );
      for (const ev of [instanceUpdate, 'DELETE'])
        await sql`CREATE TRIGGER ${sql.id(`wf_instance_todo_${ev.split(' ')[0]!.toLowerCase()}`)} AFTER ${sql.raw(ev)} ON wf_instance
          BEGIN ${BUMP_TODO}; END`.execute(db);
      await sql`DROP TRIGGER sys_user_auth_update`.execute(db);
      await sql`CREATE TRIGGER sys_user_auth_update AFTER UPDATE OF ${sql.raw(AUTH_USER_COLUMNS.join(', '))} ON sys_user
        BEGIN ${BUMP_AUTH}; END`.execute(db);
      return;
    }
    // a row trigger fires once per written row: the transaction's first one bumps, the others find it done
    await sql`CREATE OR REPLACE FUNCTION oa_bump_todo_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE wf_todo_version SET version = version + 1, tx = txid_current() WHERE id = 1 AND tx IS DISTINCT FROM txid_current();
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER wf_task_todo_version AFTER INSERT OR UPDATE OR DELETE ON wf_task
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION oa_bump_todo_version()`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER wf_instance_todo_version AFTER ${sql.raw(instanceUpdate)} OR DELETE ON wf_instance
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION oa_bump_todo_version()`.execute(db);
    // constraint triggers cannot fire on TRUNCATE: a statement trigger does (nothing else to lock then)
    for (const table of ['wf_task', 'wf_instance'])
      await sql`CREATE TRIGGER ${sql.id(`${table}_todo_truncate`)} BEFORE TRUNCATE ON ${sql.id(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_todo_version()`.execute(db);
    await sql`DROP TRIGGER sys_user_auth_version ON sys_user`.execute(db);
    await sql`CREATE TRIGGER sys_user_auth_version BEFORE UPDATE OF ${sql.raw(AUTH_USER_COLUMNS.join(', '))} OR DELETE OR TRUNCATE
      ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_auth_version()`.execute(db);
  },
};
