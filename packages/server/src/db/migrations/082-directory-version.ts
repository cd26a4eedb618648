import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { createCounterTable, type OaMigration } from './migration-kit';

/**
 * The directory's version (issue 18): the whole address book (`addressBookList` without a keyword, 10,000
 * people) is built once per version and served from memory. Every write that can change what it shows — a
 * person's listed fields, a department's name or order, who is on the OA platform — bumps the one counter
 * `sys_directory_version` in the same transaction, whoever writes (a service, a script, another instance),
 * so an answer is never older than the last committed change. Columns the directory does not show (password,
 * last login, lockout) are not watched.
 */
const WATCHED: Array<{ table: string; columns: string[] | null }> = [
  {
    table: 'sys_user',
    columns: ['user_code', 'user_name', 'sex', 'icon', 'position', 'mobile', 'tel', 'email', 'room', 'dept_code', 'status', 'sort_no'],
  },
  { table: 'org_dept', columns: ['dept_code', 'dept_name', 'sort_no'] },
  { table: 'sys_user_platform', columns: null },
];

const BUMP = sql`UPDATE sys_directory_version SET version = version + 1 WHERE id = 1`;

export const m082DirectoryVersion: OaMigration = {
  name: '082-directory-version',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    await createCounterTable(db, 'sys_directory_version', { perTransaction: false });

    if (dialect === 'sqlite') {
      for (const { table, columns } of WATCHED) {
        for (const ev of ['INSERT', columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE', 'DELETE']) {
          const name = `${table}_directory_${ev.split(' ')[0]!.toLowerCase()}`;
          await sql`CREATE TRIGGER ${sql.id(name)} AFTER ${sql.raw(ev)} ON ${sql.id(table)} BEGIN ${BUMP}; END`.execute(db);
        }
      }
      return;
    }
    // statement triggers BEFORE any row is touched: the counter's row lock is always taken first (no deadlock)
    await sql`CREATE OR REPLACE FUNCTION oa_bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE sys_directory_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
    for (const { table, columns } of WATCHED) {
      const update = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
      await sql`CREATE TRIGGER ${sql.id(`${table}_directory_version`)} BEFORE INSERT OR ${sql.raw(update)} OR DELETE OR TRUNCATE
        ON ${sql.id(table)} FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_directory_version()`.execute(db);
    }
  },
};
