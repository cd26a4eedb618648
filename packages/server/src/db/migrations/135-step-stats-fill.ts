import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * The step statistics' start-up back-fill in bounded steps (engines/workflow/step-stats.service.ts). It used to add
 * every task handled before the aggregate existed in one transaction before the server listened (186,028 handled
 * tasks: 15 s on PostgreSQL). Now each step adds one page of tasks and moves the fill's cursor in one transaction:
 * `last_id`, the last task added (tasks are taken in id order); `done_at`, when the pass found nothing more.
 * `filled_at` stays the claim's time: tasks handled from then on are the engine's to add. A fill that exists now
 * ran whole in one transaction: it is done.
 */
export const m135StepStatsFill: OaMigration = {
  name: '135-step-stats-fill',
  async up(raw: Kysely<unknown>) {
    const db = raw as Kysely<any>;
    await db.schema
      .alterTable('wf_step_stat_fill')
      .addColumn('last_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('wf_step_stat_fill').addColumn('done_at', 'varchar(32)').execute();
    await db
      .updateTable('wf_step_stat_fill')
      .set((eb) => ({ done_at: eb.ref('filled_at') }))
      .execute();
  },
};
