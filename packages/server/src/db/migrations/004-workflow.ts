import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

/** Workflow: definitions (versioned), instances, tokens, tasks, CC copies, history, notifications, delegation. */
export const m004Workflow: OaMigration = {
  name: '004-workflow',
  async up(db: Kysely<any>, dialect: Dialect) {
    const s = db.schema;
    await s
      .createTable('wf_definition')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('module_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)')
      .execute();
    await s.createIndex('idx_wf_def_module').on('wf_definition').columns(['module_code', 'status', 'version']).execute();

    await s
      .createTable('wf_instance')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('definition_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('module_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('serial_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('initiator', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('form', 'text', (c) => c.notNull())
      .addColumn('picks', 'text', (c) => c.notNull())
      .addColumn('acted', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('ended_at', 'varchar(32)')
      .addColumn('last_urged_at', 'varchar(32)')
      .execute();
    await s.createIndex('idx_wf_inst_record').on('wf_instance').columns(['module_code', 'record_id']).execute();
    await s.createIndex('idx_wf_inst_initiator').on('wf_instance').columns(['initiator', 'started_at']).execute();
    await s.createIndex('idx_wf_inst_status').on('wf_instance').columns(['status', 'started_at']).execute();

    await s
      .createTable('wf_token')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'varchar(1000)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('prev_approvers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_wf_token_inst').on('wf_token').columns(['instance_id', 'status']).execute();

    await s
      .createTable('wf_task')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('token_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('assignee', 'varchar(64)', (c) => c.notNull())
      .addColumn('on_behalf_of', 'varchar(64)')
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('result', 'varchar(16)')
      .addColumn('comment', 'text')
      .addColumn('signature_file_id', 'varchar(128)')
      .addColumn('added', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('wait_for', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('opened_at', 'varchar(32)')
      .addColumn('acted_at', 'varchar(32)')
      .addColumn('due_at', 'varchar(32)')
      .addColumn('timeout_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s.createIndex('idx_wf_task_assignee').on('wf_task').columns(['assignee', 'status']).execute();
    await s.createIndex('idx_wf_task_inst').on('wf_task').columns(['instance_id', 'status']).execute();
    await s.createIndex('idx_wf_task_due').on('wf_task').columns(['status', 'due_at']).execute();

    await s
      .createTable('wf_cc')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('node_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .execute();
    await s.createIndex('idx_wf_cc_user').on('wf_cc').columns(['user_code', 'created_at']).execute();
    await s.createIndex('idx_wf_cc_inst').on('wf_cc').column('instance_id').execute();

    await withId(s.createTable('wf_history'), dialect)
      .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)')
      .addColumn('node_name', 'varchar(64)')
      .addColumn('task_id', 'varchar(32)')
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('actor', 'varchar(64)', (c) => c.notNull())
      .addColumn('on_behalf_of', 'varchar(64)')
      .addColumn('target', 'varchar(255)')
      .addColumn('comment', 'text')
      .addColumn('signature_file_id', 'varchar(128)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_wf_history_inst').on('wf_history').column('instance_id').execute();

    await s
      .createTable('wf_notification')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('content', 'varchar(1000)', (c) => c.notNull())
      .addColumn('instance_id', 'varchar(32)')
      .addColumn('module_code', 'varchar(64)')
      .addColumn('record_id', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)')
      .execute();
    await s.createIndex('idx_wf_notice_user').on('wf_notification').columns(['user_code', 'read_at']).execute();

    await s
      .createTable('wf_delegation')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('deputy_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('module_code', 'varchar(64)')
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)')
      .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_wf_delegation_user').on('wf_delegation').columns(['user_code', 'start_date']).execute();
  },
};
