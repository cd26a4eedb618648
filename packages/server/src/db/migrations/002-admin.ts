import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

export const SEED_COLUMNS: Array<[code: string, name: string]> = [
  ['col_news', '协会动态'],
  ['col_notice', '通知公告'],
  ['col_industry', '行业资讯'],
  ['col_policy', '政策法规'],
];

/** Admin side: information columns with grants, the menu version counter, and lookup indexes. */
export const m002Admin: OaMigration = {
  name: '002-admin',
  async up(db: Kysely<any>, _dialect: Dialect) {
    await db.schema
      .createTable('info_column')
      .addColumn('column_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sys_column_user')
      .addColumn('column_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('granted_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_sys_column_user', ['column_code', 'user_code'])
      .execute();
    await db.schema.createIndex('idx_sys_column_user_user').on('sys_column_user').column('user_code').execute();
    await db.schema.createIndex('idx_dept_parent').on('org_dept').column('parent_code').execute();

    const at = new Date().toISOString();
    const typed = db;
    await typed
      .insertInto('info_column')
      .values(SEED_COLUMNS.map(([column_code, column_name], i) => ({ column_code, column_name, sort_no: (i + 1) * 10, created_at: at })))
      .execute();
    await typed
      .insertInto('sys_config')
      .values({ key: 'menu_version', value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};
