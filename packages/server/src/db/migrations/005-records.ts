import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

export const m005Records: OaMigration = {
  name: '005-records',
  async up(db: Kysely<any>, dialect: Dialect) {
    await db.schema
      .createTable('business_record')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('module', 'varchar(64)', (c) => c.notNull())
      .addColumn('variant', 'varchar(32)')
      .addColumn('serial_no', 'varchar(64)')
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('applicant', 'varchar(64)', (c) => c.notNull())
      .addColumn('applicant_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept', 'varchar(32)')
      .addColumn('dept_name', 'varchar(100)')
      .addColumn('amount', 'numeric(18, 2)')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('instance_id', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    // No duplicate serial numbers, ever (NULL for drafts is allowed many times in both dialects).
    await db.schema.createIndex('uq_record_serial').on('business_record').columns(['module', 'serial_no']).unique().execute();
    await db.schema.createIndex('idx_record_applicant').on('business_record').columns(['module', 'applicant', 'created_at']).execute();
    await db.schema.createIndex('idx_record_status').on('business_record').columns(['module', 'status', 'created_at']).execute();
    await db.schema.createIndex('idx_record_dept').on('business_record').columns(['module', 'dept', 'created_at']).execute();
    await db.schema.createIndex('idx_record_created').on('business_record').columns(['module', 'created_at']).execute();

    await db.schema
      .createTable('business_serial')
      .addColumn('module', 'varchar(64)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_business_serial', ['module', 'year'])
      .execute();

    await withId(db.schema.createTable('business_record_log'), dialect)
      .addColumn('record_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('module', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('actor', 'varchar(64)', (c) => c.notNull())
      .addColumn('actor_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)')
      .addColumn('comment', 'varchar(500)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_record_log_record').on('business_record_log').columns(['record_id', 'id']).execute();
  },
};
