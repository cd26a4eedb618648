import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

/** Files (uploads, avatars, app packages) and published apps; address-book search index on sys_user. */
export const m003PeopleFiles: OaMigration = {
  name: '003-people-files',
  async up(db: Kysely<any>, dialect: Dialect) {
    await db.schema
      .createTable('sys_file')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('ext', 'varchar(16)', (c) => c.notNull())
      .addColumn('mime', 'varchar(128)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull().defaultTo('internal'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('file'))
      .addColumn('owner', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('idx_file_owner').on('sys_file').columns(['owner', 'created_at']).execute();
    await db.schema.createIndex('idx_file_sha').on('sys_file').column('sha256').execute();

    await withId(db.schema.createTable('app_publish'), dialect)
      .addColumn('app_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('version', 'varchar(32)')
      .addColumn('platform', 'varchar(16)', (c) => c.notNull().defaultTo('android'))
      .addColumn('qr_code', 'varchar(500)')
      .addColumn('app_url', 'varchar(500)')
      .addColumn('file_id', 'varchar(40)')
      .addColumn('is_publish', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('remark', 'varchar(500)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_app_publish').on('app_publish').columns(['is_publish', 'updated_at']).execute();

    // Address-book search: status + name order, pinyin prefixes.
    await db.schema.createIndex('idx_user_pinyin').on('sys_user').column('pinyin').execute();
    await db.schema.createIndex('idx_user_pinyin_initials').on('sys_user').column('pinyin_initials').execute();
  },
};
