import type { Kysely } from 'kysely';
import { addMissingFunctions, withId, type OaMigration } from './migration-kit';

/**
 * LDAP / Active Directory (issue 36): which accounts and departments came from the directory, the sync runs, and the
 * lease that lets one instance sync at a time. For a database seeded before it, the 目录同步 page joins the system
 * menu (a frozen copy of the seed's row, added only when the folder is there and the page is not, like 108).
 */
const PAGE = {
  fun_code: 'sys_ldap_sync',
  fun_name: '目录同步',
  parent_code: 'sys',
  router: '/ldapSync',
  sort_no: 98,
  icon: 'ClusterOutlined',
};

export const m110DirectorySync: OaMigration = {
  name: '110-directory-sync',
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('sys_directory_user')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('dn', 'varchar(1000)', (c) => c.notNull())
      // 'N': gone from the directory, and the sync disabled the account (it re-enables it when the entry returns)
      .addColumn('present', 'varchar(1)', (c) => c.notNull())
      .addColumn('synced_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sys_directory_dept')
      .addColumn('dept_code', 'varchar(32)', (c) => c.primaryKey())
      // 'ou:<normalised DN>' or 'attr:<value of the department attribute>'
      .addColumn('dir_key', 'varchar(1000)', (c) => c.notNull().unique())
      .addColumn('present', 'varchar(1)', (c) => c.notNull())
      .addColumn('synced_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('sys_directory_sync_run'), dialect)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)')
      .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('finished_at', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('counts', 'varchar(1000)')
      .addColumn('message', 'varchar(1000)')
      .execute();
    // the page's history, newest first
    await db.schema.createIndex('sys_directory_sync_run_started').on('sys_directory_sync_run').columns(['started_at', 'id']).execute();
    await db.schema
      .createTable('sys_directory_sync_lease')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)')
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await addMissingFunctions(db, [PAGE]);
  },
};
