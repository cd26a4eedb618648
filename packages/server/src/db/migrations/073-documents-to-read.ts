import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Lists of official documents served from an index in their whole order (created_at/filed_at, then id):
 * 待阅 in the to-do centre (one person's copies, all or unread), the ledgers (by module, year and/or status)
 * and the archive catalogue (all, by year). Without the id the tie-break sorted every row of equal time.
 */
const REBUILT: Array<[name: string, table: string, columns: string[]]> = [
  ['idx_doc_module_created', 'doc_document', ['module_code', 'created_at', 'id']],
  ['idx_doc_module_year', 'doc_document', ['module_code', 'doc_year', 'created_at', 'id']],
  ['idx_doc_module_status', 'doc_document', ['module_code', 'status', 'created_at', 'id']],
  ['idx_doc_dist_user', 'doc_distribution', ['user_code', 'read_at', 'created_at', 'id']],
  ['idx_archive_filed', 'archive_item', ['filed_at', 'id']],
  ['idx_archive_year', 'archive_item', ['year', 'filed_at', 'id']],
];

export const m073DocumentsToRead: OaMigration = {
  name: '073-documents-to-read',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as Kysely<any>;
    for (const [name, table, columns] of REBUILT) {
      await db.schema.dropIndex(name).execute();
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
    await db.schema
      .createIndex('idx_doc_module_year_status')
      .on('doc_document')
      .columns(['module_code', 'doc_year', 'status', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('idx_doc_dist_user_time').on('doc_distribution').columns(['user_code', 'created_at', 'id']).execute();
  },
};
