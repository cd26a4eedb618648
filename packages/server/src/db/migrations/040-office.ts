import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/** Weekly reports, salary slips and supervision (issue 16). */
export const m040Office: OaMigration = {
  name: '040-office',
  async up(db: Kysely<unknown>, _dialect: Dialect) {
    const k = db as Kysely<any>;
    const s = k.schema;
    await s
      .createTable('oa_weekly_column')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(30)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'varchar(1)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_weekly_column_name').on('oa_weekly_column').column('name').unique().execute();

    await s
      .createTable('oa_weekly_period')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('week_code', 'varchar(10)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('deadline', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)')
      .addColumn('published_by', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_weekly_period_week').on('oa_weekly_period').column('week_code').unique().execute();
    await s.createIndex('ix_weekly_period_status').on('oa_weekly_period').columns(['status', 'start_date']).execute();
    await s.createIndex('ix_weekly_period_start').on('oa_weekly_period').column('start_date').execute();

    await s
      .createTable('oa_weekly_section')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('period_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(40)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('return_reason', 'varchar(200)')
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_weekly_section').on('oa_weekly_section').columns(['period_id', 'dept_code']).unique().execute();

    await s
      .createTable('oa_weekly_item')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('section_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('period_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(40)', (c) => c.notNull())
      .addColumn('column_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute();
    await s.createIndex('ix_weekly_item_section').on('oa_weekly_item').columns(['section_id', 'sort_no']).execute();
    await s.createIndex('ix_weekly_item_period').on('oa_weekly_item').columns(['period_id', 'dept_code']).execute();

    await s
      .createTable('oa_weekly_compiled')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('period_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('column_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(40)')
      .addColumn('source_item_id', 'varchar(40)')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute();
    await s.createIndex('ix_weekly_compiled_period').on('oa_weekly_compiled').columns(['period_id', 'sort_no']).execute();
    await s.createIndex('ix_weekly_compiled_dept').on('oa_weekly_compiled').columns(['dept_code', 'period_id']).execute();

    await s
      .createTable('oa_salary_batch')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('hide_zero', 'varchar(1)', (c) => c.notNull())
      .addColumn('item_names', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull())
      .addColumn('unmatched', 'integer', (c) => c.notNull())
      .addColumn('file_name', 'varchar(200)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('ix_salary_batch_month').on('oa_salary_batch').columns(['month', 'created_at']).execute();

    await s
      .createTable('oa_salary_slip')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('batch_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('row_no', 'integer', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)')
      .addColumn('src_code', 'varchar(64)')
      .addColumn('src_name', 'varchar(50)')
      .addColumn('src_mobile', 'varchar(20)')
      .addColumn('bank_card', 'varchar(40)')
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .addColumn('confirmed_at', 'varchar(32)')
      .addColumn('feedback', 'varchar(500)')
      .addColumn('feedback_at', 'varchar(32)')
      .execute();
    await s.createIndex('ix_salary_slip_batch').on('oa_salary_slip').columns(['batch_id', 'row_no']).execute();
    await s.createIndex('ix_salary_slip_user').on('oa_salary_slip').columns(['user_code', 'batch_id']).execute();

    await s
      .createTable('oa_salary_grant')
      .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await s
      .createTable('oa_supervise_task')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('serial_no', 'varchar(20)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('source_type', 'varchar(12)', (c) => c.notNull())
      .addColumn('source_id', 'varchar(64)')
      .addColumn('source_title', 'varchar(200)')
      .addColumn('source_link', 'varchar(300)')
      .addColumn('lead_dept', 'varchar(40)', (c) => c.notNull())
      .addColumn('owner_user', 'varchar(64)', (c) => c.notNull())
      .addColumn('assist_depts', 'text', (c) => c.notNull())
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('supervisor', 'varchar(64)', (c) => c.notNull())
      .addColumn('extension_due', 'varchar(10)')
      .addColumn('extension_reason', 'varchar(500)')
      .addColumn('urge_count', 'integer', (c) => c.notNull())
      .addColumn('last_remind_on', 'varchar(10)')
      .addColumn('closed_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_supervise_serial').on('oa_supervise_task').column('serial_no').unique().execute();
    await s.createIndex('ix_supervise_status_due').on('oa_supervise_task').columns(['status', 'due_date']).execute();
    await s.createIndex('ix_supervise_due').on('oa_supervise_task').columns(['due_date', 'created_at']).execute();
    await s.createIndex('ix_supervise_owner').on('oa_supervise_task').columns(['owner_user', 'status']).execute();
    await s.createIndex('ix_supervise_supervisor').on('oa_supervise_task').columns(['supervisor', 'created_at']).execute();
    await s.createIndex('ix_supervise_lead_dept').on('oa_supervise_task').columns(['lead_dept', 'status']).execute();

    await s
      .createTable('oa_supervise_subtask')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('task_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(40)', (c) => c.notNull())
      .addColumn('owner_user', 'varchar(64)', (c) => c.notNull())
      .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull())
      .addColumn('note', 'varchar(2000)')
      .addColumn('sort_no', 'integer', (c) => c.notNull())
      .execute();
    await s.createIndex('ix_supervise_sub_task').on('oa_supervise_subtask').columns(['task_id', 'sort_no']).execute();
    await s.createIndex('ix_supervise_sub_owner').on('oa_supervise_subtask').columns(['owner_user', 'task_id']).execute();

    await s
      .createTable('oa_supervise_log')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('task_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('subtask_id', 'varchar(40)')
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('percent', 'integer')
      .addColumn('content', 'varchar(2000)')
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('ix_supervise_log_task').on('oa_supervise_log').columns(['task_id', 'created_at']).execute();
  },
};
