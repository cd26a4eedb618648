import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { createCounterTable, type OaMigration } from './migration-kit';

/**
 * Per-request cost (issue 18).
 *
 * 1. What the session guard caches (core/identity/session-cache.ts, issue 18) and the changes that must end it at once.
 * Each (table, columns) below is read by the guard: a session's row, its user and department, the user's
 * roles (direct and through groups), platforms and the roles' granted functions. Any write to them — by a
 * service, a script, another instance — bumps the one counter `sys_auth_version`, in the same transaction,
 * and a cached entry is used only while the counter is the one it was read under.
 *
 * 2. Covering indexes for the to-do and done lists' joined counts: a count filtered by module, or the done
 *    count (result not 'auto'), walks a user's tasks in wf_task and looks each one's instance up. With
 *    (assignee, status, result, instance_id) and wf_instance (id, status, module_code) both sides are read
 *    from the index alone (SQLite at 1M records, 2,000 open tasks filtered by module: 33 ms → 1.5 ms).
 */
const WATCHED: Array<{ table: string; columns?: string[] }> = [
  // touchSession (last_seen_at every minute) is not watched: the guard re-reads before refusing as idle
  { table: 'sys_session', columns: ['user_code', 'device_id', 'expires_at', 'revoked_at'] },
  { table: 'sys_user', columns: ['user_code', 'user_name', 'mobile', 'sex', 'icon', 'email', 'dept_code', 'position', 'status'] },
  { table: 'org_dept', columns: ['dept_code', 'dept_name'] },
  { table: 'sys_role', columns: ['role_code', 'role_name', 'sort_no'] },
  { table: 'sys_user_role' },
  { table: 'sys_role_group_user' },
  { table: 'sys_role_group_role' },
  { table: 'sys_role_function' },
  { table: 'sys_user_platform' },
];

const BUMP = sql`UPDATE sys_auth_version SET version = version + 1 WHERE id = 1`;

export const m078PerRequest: OaMigration = {
  name: '078-per-request',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await createCounterTable(db, 'sys_auth_version', { perTransaction: false });
    await db.schema
      .createIndex('idx_wf_task_assignee_cover')
      .on('wf_task')
      .columns(['assignee', 'status', 'result', 'instance_id'])
      .execute();
    await db.schema.createIndex('idx_wf_inst_id_status').on('wf_instance').columns(['id', 'status', 'module_code']).execute();

    if (dialect === 'sqlite') {
      // SQLite has row triggers only; a single writer, so no lock order to keep
      for (const { table, columns } of WATCHED) {
        const events = [columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE', 'DELETE', ...(columns ? [] : ['INSERT'])];
        for (const ev of events) {
          const name = `${table}_auth_${ev.split(' ')[0]!.toLowerCase()}`;
          await sql`CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(ev)} ON ${sql.id(table)} BEGIN ${BUMP}; END`.execute(db);
        }
      }
      return;
    }
    // PostgreSQL: statement triggers BEFORE the statement touches a row, so a transaction always takes the
    // counter's row lock before any watched row's (two such transactions cannot deadlock on the pair)
    await sql`CREATE OR REPLACE FUNCTION oa_bump_auth_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE sys_auth_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
    for (const { table, columns } of WATCHED) {
      const events = columns ? `UPDATE OF ${columns.join(', ')} OR DELETE OR TRUNCATE` : 'INSERT OR UPDATE OR DELETE OR TRUNCATE';
      await sql`CREATE TRIGGER ${sql.id(`${table}_auth_version`)} BEFORE ${sql.raw(events)} ON ${sql.id(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_auth_version()`.execute(db);
    }
  },
};
