import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Word templates of the printed 审批单/处理笺 (issue 38): at most one per module, the file kept in the file store
 * (sys_file, kind 'print_template'); removing the row prints the default sheet again.
 */
export const m105PrintTemplate: OaMigration = {
  name: '105-print-template',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('print_template')
      .addColumn('module_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
