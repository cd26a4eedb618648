import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Indexes serving the workflow lists (issue 18): each list's filter and sort order, so a page and its
 * bounded count read index ranges only. The address book pages active users per department in order.
 */
export const m071WorkflowScale: OaMigration = {
  name: '071-workflow-scale',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const s = (raw as Kysely<any>).schema;
    const idx = (name: string, table: string, columns: string[]) => s.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    // to-do (open, newest first) and done (acted, newest first) of one assignee
    await idx('idx_wf_task_todo', 'wf_task', ['assignee', 'status', 'created_at', 'id']);
    await idx('idx_wf_task_done', 'wf_task', ['assignee', 'status', 'acted_at', 'id']);
    // the process monitor: everything newest first, or of one module
    await idx('idx_wf_inst_started', 'wf_instance', ['started_at', 'id']);
    await idx('idx_wf_inst_module_started', 'wf_instance', ['module_code', 'started_at']);
    // CC and notifications of one user, newest first
    await idx('idx_wf_cc_user_page', 'wf_cc', ['user_code', 'created_at', 'id']);
    await idx('idx_wf_notice_page', 'wf_notification', ['user_code', 'created_at']);
    // delegations involving a user as the deputy (the delegator side has idx_wf_delegation_user)
    await idx('idx_wf_delegation_deputy', 'wf_delegation', ['deputy_code', 'start_date']);
    // the address book: active users in order, all or of one department
    await idx('idx_user_book', 'sys_user', ['status', 'sort_no', 'user_code']);
    await idx('idx_user_book_dept', 'sys_user', ['dept_code', 'status', 'sort_no', 'user_code']);
  },
};
