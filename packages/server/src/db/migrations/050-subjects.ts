import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/** Research subjects (课题): batches, subjects, expert reviews, the funding ledger, progress reports, trail, applicant units. */
export const m050Subjects: OaMigration = {
  name: '050-subjects',

  async up(db: Kysely<any>, _dialect: Dialect) {
    await db.schema
      .createTable('subject_batch')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('open_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('close_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('guide', 'text')
      .addColumn('budget_ceiling', 'numeric(14, 2)', (c) => c.notNull())
      .addColumn('total_budget', 'numeric(16, 2)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_subject_batch_open').on('subject_batch').columns(['open_date', 'close_date']).execute();

    await db.schema
      .createTable('subject')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(20)')
      .addColumn('batch_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(20)')
      .addColumn('org_name', 'varchar(100)')
      .addColumn('leader_name', 'varchar(30)')
      .addColumn('budget', 'numeric(14, 2)')
      .addColumn('status', 'varchar(24)', (c) => c.notNull())
      .addColumn('contract_status', 'varchar(12)', (c) => c.notNull())
      .addColumn('applicant', 'varchar(64)', (c) => c.notNull())
      .addColumn('manager', 'varchar(64)')
      .addColumn('manager_dept', 'varchar(32)')
      .addColumn('declaration', 'text', (c) => c.notNull())
      .addColumn('contract', 'text', (c) => c.notNull())
      .addColumn('score_avg', 'numeric(5, 2)')
      .addColumn('start_date', 'varchar(10)')
      .addColumn('end_date', 'varchar(10)')
      .addColumn('midterm_due', 'varchar(10)')
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('contract_signed_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('uq_subject_code').on('subject').column('code').unique().execute();
    await db.schema.createIndex('ix_subject_applicant').on('subject').columns(['applicant', 'updated_at']).execute();
    await db.schema.createIndex('ix_subject_status').on('subject').columns(['status', 'updated_at']).execute();
    await db.schema.createIndex('ix_subject_batch').on('subject').columns(['batch_id', 'status']).execute();
    await db.schema.createIndex('ix_subject_year').on('subject').columns(['year', 'updated_at']).execute();
    await db.schema.createIndex('ix_subject_dept').on('subject').columns(['manager_dept', 'updated_at']).execute();
    await db.schema.createIndex('ix_subject_leader').on('subject').column('leader_name').execute();
    await db.schema.createIndex('ix_subject_org').on('subject').column('org_name').execute();
    await db.schema.createIndex('ix_subject_budget').on('subject').column('budget').execute();
    await db.schema.createIndex('ix_subject_updated').on('subject').column('updated_at').execute();

    await db.schema
      .createTable('subject_review')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('expert', 'varchar(64)', (c) => c.notNull())
      .addColumn('score', 'integer')
      .addColumn('opinion', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('scored_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('uq_subject_review').on('subject_review').columns(['subject_id', 'expert']).unique().execute();
    await db.schema.createIndex('ix_subject_review_expert').on('subject_review').columns(['expert', 'scored_at']).execute();

    await db.schema
      .createTable('subject_fund')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('direction', 'varchar(4)', (c) => c.notNull())
      .addColumn('amount', 'numeric(14, 2)', (c) => c.notNull())
      .addColumn('happened_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('category', 'varchar(20)', (c) => c.notNull())
      .addColumn('summary', 'varchar(200)', (c) => c.notNull())
      .addColumn('voucher_file_id', 'varchar(40)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_subject_fund').on('subject_fund').columns(['subject_id', 'happened_on']).execute();
    await db.schema.createIndex('ix_subject_fund_voucher').on('subject_fund').column('voucher_file_id').execute();

    await db.schema
      .createTable('subject_report')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('kind', 'varchar(12)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('content', 'text')
      .addColumn('file_id', 'varchar(40)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_subject_report').on('subject_report').columns(['subject_id', 'created_at']).execute();
    await db.schema.createIndex('ix_subject_report_file').on('subject_report').column('file_id').execute();

    await db.schema
      .createTable('subject_log')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('subject_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('action', 'varchar(40)', (c) => c.notNull())
      .addColumn('actor', 'varchar(64)', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ix_subject_log').on('subject_log').columns(['subject_id', 'at']).execute();

    await db.schema
      .createTable('subject_org')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('org_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('credit_code', 'varchar(18)')
      .addColumn('address', 'varchar(200)')
      .addColumn('contact', 'varchar(30)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('intro', 'text')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
