import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * The side tables of the approval modules of issue 6: the labour-remuneration rate table, the office
 * supplies stock and the passport custody register. The applications themselves are business_record rows.
 */

export const m006ApprovalExtras: OaMigration = {
  name: '006-approval-extras',
  async up(db: Kysely<any>, _dialect: Dialect) {
    await db.schema
      .createTable('oa_reward_rate')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('service_kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('payee_title', 'varchar(32)', (c) => c.notNull())
      .addColumn('unit', 'varchar(16)', (c) => c.notNull())
      .addColumn('rate', 'numeric(12, 2)', (c) => c.notNull())
      .addColumn('max_units', 'integer')
      .addColumn('remark', 'varchar(200)')
      .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uq_reward_rate_kind').on('oa_reward_rate').columns(['service_kind', 'payee_title']).unique().execute();

    await db.schema
      .createTable('oa_supplies_item')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('spec', 'varchar(50)')
      .addColumn('unit', 'varchar(16)', (c) => c.notNull())
      .addColumn('stock', 'integer', (c) => c.notNull())
      .addColumn('warn_level', 'integer', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uq_supplies_item_name').on('oa_supplies_item').column('name').unique().execute();

    await db.schema
      .createTable('oa_passport_book')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('holder_name', 'varchar(30)', (c) => c.notNull())
      .addColumn('holder_code', 'varchar(64)')
      .addColumn('passport_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('passport_no', 'varchar(20)', (c) => c.notNull())
      .addColumn('issue_date', 'varchar(10)')
      .addColumn('expiry_date', 'varchar(10)')
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('record_id', 'varchar(40)')
      .addColumn('remark', 'varchar(200)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uq_passport_no').on('oa_passport_book').column('passport_no').unique().execute();
  },
};
