import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Workflow for a whole office (issue 38): a return to the initiator may name the step the corrected record goes
 * straight back to (`wf_instance.resume_node_id`, set on the returned instance, read when it is resubmitted).
 */
export const m096OfficeWorkflow: OaMigration = {
  name: '096-office-workflow',
  async up(db: Kysely<any>) {
    await db.schema.alterTable('wf_instance').addColumn('resume_node_id', 'varchar(64)').execute();
  },
};
