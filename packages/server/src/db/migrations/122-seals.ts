import type { Kysely } from 'kysely';
import { addMissingFunctions, type OaMigration } from './migration-kit';

/**
 * 印章管理 (issue 37, electronic seals): the registry of the association's and departments' seals — the image (a
 * transparent PNG, kept as base64 text: small, read with the seal), its keepers and who may ask for it — and the
 * log of every use (who, when, which document, which approval). The page is the system administrator's (who holds every
 * function not reserved to the other two administrators).
 */
const PAGE = { fun_code: 'sys_seal', fun_name: '印章管理', parent_code: 'sys', router: '/seals', sort_no: 103, icon: 'SafetyOutlined' };

export const m122Seals: OaMigration = {
  name: '122-seals',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('oa_seal')
      .ifNotExists()
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(64)')
      .addColumn('image_png', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('keepers', 'text', (c) => c.notNull())
      .addColumn('requester_roles', 'text', (c) => c.notNull())
      .addColumn('requester_depts', 'text', (c) => c.notNull())
      .addColumn('enabled', 'char(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('oa_seal_use')
      .ifNotExists()
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('seal_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('doc_id', 'varchar(64)')
      .addColumn('doc_title', 'varchar(300)')
      .addColumn('record_id', 'varchar(64)')
      .addColumn('via', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_seal_use_seal').ifNotExists().on('oa_seal_use').columns(['seal_id', 'used_at']).execute();
    await db.schema.createIndex('idx_seal_use_doc').ifNotExists().on('oa_seal_use').columns(['doc_id', 'used_at']).execute();
    await db.schema.createIndex('idx_seal_use_record').ifNotExists().on('oa_seal_use').column('record_id').execute();
    await addMissingFunctions(db, [PAGE]);
  },
};
