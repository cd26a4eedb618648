import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * The address book's keyword search reads the directory kept in memory per `sys_directory_version`
 * (features/address-book/address-book.directory.ts), which also matches a keyword against the pinyin: a write
 * of `pinyin` or `pinyin_initials` alone must bump the version too. Migration 082's user trigger is replaced by
 * one that watches them as well (the same columns otherwise; the other tables' triggers are unchanged).
 */
const COLUMNS = [
  'user_code',
  'user_name',
  'sex',
  'icon',
  'position',
  'mobile',
  'tel',
  'email',
  'room',
  'dept_code',
  'status',
  'sort_no',
  'pinyin',
  'pinyin_initials',
].join(', ');

export const m087DirectoryPinyin: OaMigration = {
  name: '087-directory-pinyin',
  async up(raw: Kysely<unknown>, dialect: Dialect) {
    const db = raw as Kysely<any>;
    if (dialect === 'sqlite') {
      await sql`DROP TRIGGER sys_user_directory_update`.execute(db);
      await sql`CREATE TRIGGER sys_user_directory_update AFTER UPDATE OF ${sql.raw(COLUMNS)} ON sys_user
        BEGIN UPDATE sys_directory_version SET version = version + 1 WHERE id = 1; END`.execute(db);
      return;
    }
    await sql`DROP TRIGGER sys_user_directory_version ON sys_user`.execute(db);
    await sql`CREATE TRIGGER sys_user_directory_version BEFORE INSERT OR UPDATE OF ${sql.raw(COLUMNS)} OR DELETE OR TRUNCATE
      ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION oa_bump_directory_version()`.execute(db);
  },
};
