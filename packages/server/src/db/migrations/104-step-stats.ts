import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/** Buckets of the duration histogram (`@oa/shared/workflow/step-durations`, DURATION_BUCKETS): h00 … h39. */
const BUCKETS = 40;

/**
 * Time on every step (issue 38). `wf_step_stat` is the aggregate the statistics read: one row per process
 * (module), step, month (China time, of the handling), department and person, adding up every handled task
 * (count, total duration, a log-scale histogram) in the transaction that handles it. `wf_step_stat_fill`
 * claims the one start-up back-fill of tasks handled before the aggregate existed. `wf_task_overdue` claims
 * the one 督办 per task that stayed open past its step's 督办时限. The index on wf_task counts a step's open
 * tasks opened before a time (overdue now) and finds the overdue ones. Counts are integers (PostgreSQL sums them
 * in 64-bit arithmetic, not numeric); the total of milliseconds is a bigint.
 */
export const m104StepStats: OaMigration = {
  name: '104-step-stats',
  async up(db: Kysely<any>) {
    let t = db.schema
      .createTable('wf_step_stat')
      .addColumn('module_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(40)', (c) => c.notNull())
      .addColumn('assignee', 'varchar(64)', (c) => c.notNull())
      .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('cnt', 'integer', (c) => c.notNull())
      .addColumn('total_ms', 'bigint', (c) => c.notNull());
    for (let k = 0; k < BUCKETS; k++) t = t.addColumn(`h${String(k).padStart(2, '0')}`, 'integer', (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint('pk_wf_step_stat', ['module_code', 'month', 'node_id', 'dept_code', 'assignee']).execute();

    await db.schema
      .createTable('wf_step_stat_fill')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('filled_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('tasks', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wf_task_overdue')
      .addColumn('task_id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('instance_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('raised_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('leader', 'varchar(64)')
      .execute();

    await db.schema.createIndex('idx_wf_task_open_step').on('wf_task').columns(['module_code', 'node_id', 'status', 'opened_at']).execute();
  },
};
