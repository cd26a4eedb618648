import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * A task carries its instance's module (issue 18). The to-do list filtered by module joined every open task of
 * the user to its instance to read the module (a leader with 2,000 open tasks: 2,000 index probes for a count
 * of 80; PostgreSQL p95 23 ms at 1,000,000 records). An instance's module never changes, so the engine writes
 * it on the task when it creates the task, and the filtered count and page read one index range:
 * (assignee, status, module_code, created_at, id). Existing tasks take it from their instance.
 */
export const m083TaskModule: OaMigration = {
  name: '083-task-module',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as Kysely<any>;
    await db.schema
      .alterTable('wf_task')
      .addColumn('module_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update wf_task set module_code = (select i.module_code from wf_instance i where i.id = wf_task.instance_id)
      where exists (select 1 from wf_instance i where i.id = wf_task.instance_id)`.execute(db);
    await db.schema
      .createIndex('idx_wf_task_module_todo')
      .on('wf_task')
      .columns(['assignee', 'status', 'module_code', 'created_at', 'id'])
      .execute();
  },
};
