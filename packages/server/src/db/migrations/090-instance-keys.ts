import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * The instance lists' indexes end with `id` (issue 18): the process monitor and 我的申请 order by (started_at, id),
 * and a page by number reads the keys it skips from the index alone before the page's rows by id
 * (`listInstances`). Without `id` in the index — (module_code, started_at), (initiator, started_at),
 * (status, started_at) — each skipped key was a table row read, and a cursor's tie on `started_at` was checked
 * on the row. Each index is replaced by the same columns and `id`; every query the old one served, the new one
 * serves.
 */
export const m090InstanceKeys: OaMigration = {
  name: '090-instance-keys',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const s = (raw as Kysely<any>).schema;
    const replace = async (old: string, name: string, columns: string[]) => {
      await s.createIndex(name).on('wf_instance').columns(columns).execute();
      await s.dropIndex(old).execute();
    };
    await replace('idx_wf_inst_module_started', 'idx_wf_inst_module_keys', ['module_code', 'started_at', 'id']);
    await replace('idx_wf_inst_initiator', 'idx_wf_inst_initiator_keys', ['initiator', 'started_at', 'id']);
    await replace('idx_wf_inst_status', 'idx_wf_inst_status_keys', ['status', 'started_at', 'id']);
  },
};
