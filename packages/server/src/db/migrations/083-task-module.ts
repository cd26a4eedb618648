import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * A task carries its instance's module (issue 18). The to-do list filtered by module joined every open task of
 * the user to its instance to read the module (a leader with 2,000 open tasks: 2,000 index probes for a count
 * of 80; PostgreSQL p95 23 ms at 1,000,000 records). An instance's module never changes, so the engine writes
 * it on the task when it creates the task, and the filtered count and page read one index range:
 * (assignee, status, module_code, created_at, id, instance_id). Existing tasks take it from their instance.
 *
 * The to-do and done pages' indexes also carry `instance_id`: a keyword (on the instance's title) walks the
 * user's tasks in page order and joins each to its instance, and without it every step read the task's row
 * (SQLite, a leader's 2,000 open tasks: 41 ms for a page of a rare keyword; covered: the index alone).
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
      .columns(['assignee', 'status', 'module_code', 'created_at', 'id', 'instance_id'])
      .execute();
    // 071's page indexes, widened by instance_id
    await db.schema.dropIndex('idx_wf_task_todo').execute();
    await db.schema.dropIndex('idx_wf_task_done').execute();
    await db.schema
      .createIndex('idx_wf_task_todo')
      .on('wf_task')
      .columns(['assignee', 'status', 'created_at', 'id', 'instance_id'])
      .execute();
    await db.schema
      .createIndex('idx_wf_task_done')
      .on('wf_task')
      .columns(['assignee', 'status', 'acted_at', 'id', 'instance_id'])
      .execute();
  },
};
