import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/** Official documents (issue 19): documents, types, yearly counters, the number book, distribution, the archive. */
export const m060Documents: OaMigration = {
  name: '060-documents',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as Kysely<any>;
    const s = db.schema;
    await s
      .createTable('doc_document')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('module_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('serial_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('doc_year', 'integer', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('type_id', 'varchar(32)')
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('doc_no', 'varchar(64)')
      .addColumn('number_id', 'varchar(32)')
      .addColumn('numbered_at', 'varchar(32)')
      .addColumn('source_org', 'varchar(100)')
      .addColumn('source_no', 'varchar(64)')
      .addColumn('main_to', 'varchar(500)')
      .addColumn('secret_level', 'varchar(16)', (c) => c.notNull())
      .addColumn('urgency', 'varchar(16)', (c) => c.notNull())
      .addColumn('received_date', 'varchar(10)')
      .addColumn('deadline', 'varchar(10)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('archived', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('printed_file_id', 'varchar(40)')
      .addColumn('creator', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('finished_at', 'varchar(32)')
      .execute();
    // lists: by module (kind+scope) newest first, filtered by year / status / dept; mine; the ledger's overdue filter
    await s.createIndex('idx_doc_module_created').on('doc_document').columns(['module_code', 'created_at']).execute();
    await s.createIndex('idx_doc_module_year').on('doc_document').columns(['module_code', 'doc_year', 'created_at']).execute();
    await s.createIndex('idx_doc_module_status').on('doc_document').columns(['module_code', 'status', 'created_at']).execute();
    await s.createIndex('idx_doc_module_dept').on('doc_document').columns(['module_code', 'dept_code', 'created_at']).execute();
    await s.createIndex('idx_doc_creator').on('doc_document').columns(['creator', 'created_at']).execute();
    await s.createIndex('idx_doc_deadline').on('doc_document').columns(['module_code', 'status', 'deadline']).execute();
    // a document number exists once
    await s.createIndex('uq_doc_number').on('doc_document').column('number_id').unique().execute();

    // every file of a document (body, attachments, the printed PDF): downloads re-check the document's readers
    await s
      .createTable('doc_file')
      .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_doc_file', ['doc_id', 'file_id'])
      .execute();
    await s.createIndex('idx_doc_file_file').on('doc_file').column('file_id').execute();

    await s
      .createTable('doc_type')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
      .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'varchar(200)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_doc_type_prefix').on('doc_type').columns(['kind', 'scope', 'dept_code', 'prefix']).unique().execute();

    await s
      .createTable('doc_counter')
      .addColumn('type_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_no', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_doc_counter', ['type_id', 'year'])
      .execute();

    await s
      .createTable('doc_number')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('type_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('doc_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('doc_id', 'varchar(32)')
      .addColumn('reason', 'varchar(200)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_doc_number_seq').on('doc_number').columns(['type_id', 'year', 'seq']).unique().execute();

    await s
      .createTable('doc_distribution')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('recipient_kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('recipient_code', 'varchar(64)')
      .addColumn('recipient_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)')
      .addColumn('received_at', 'varchar(32)')
      .addColumn('read_at', 'varchar(32)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_doc_dist_doc').on('doc_distribution').column('doc_id').execute();
    await s.createIndex('idx_doc_dist_user').on('doc_distribution').columns(['user_code', 'read_at', 'created_at']).execute();
    await s.createIndex('uq_doc_dist_user').on('doc_distribution').columns(['doc_id', 'user_code']).unique().execute();

    await s
      .createTable('archive_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('fonds', 'varchar(8)', (c) => c.notNull())
      .addColumn('category', 'varchar(4)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('retention', 'varchar(4)', (c) => c.notNull())
      .addColumn('org_code', 'varchar(8)', (c) => c.notNull())
      .addColumn('item_no', 'integer', (c) => c.notNull())
      .addColumn('archive_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('doc_no', 'varchar(64)')
      .addColumn('responsible', 'varchar(100)', (c) => c.notNull())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('doc_date', 'varchar(8)', (c) => c.notNull())
      .addColumn('secret_level', 'varchar(16)', (c) => c.notNull())
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('remarks', 'varchar(500)')
      .addColumn('box_no', 'varchar(32)')
      .addColumn('roll_id', 'varchar(32)')
      .addColumn('sheet', 'text', (c) => c.notNull())
      .addColumn('pdf_file_id', 'varchar(40)')
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('expires_year', 'integer')
      .addColumn('filed_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('filed_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_archive_doc').on('archive_item').column('doc_id').unique().execute();
    await s.createIndex('uq_archive_code').on('archive_item').column('archive_code').unique().execute();
    await s.createIndex('idx_archive_filed').on('archive_item').columns(['filed_at']).execute();
    await s.createIndex('idx_archive_year').on('archive_item').columns(['year', 'filed_at']).execute();
    await s.createIndex('idx_archive_roll').on('archive_item').columns(['roll_id', 'item_no']).execute();
    await s.createIndex('idx_archive_expiry').on('archive_item').columns(['expires_year', 'filed_at']).execute();

    await s
      .createTable('archive_counter')
      .addColumn('series', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('last_no', 'integer', (c) => c.notNull())
      .execute();

    await s
      .createTable('archive_roll')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('fonds', 'varchar(8)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('retention', 'varchar(4)', (c) => c.notNull())
      .addColumn('roll_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('uq_archive_roll').on('archive_roll').columns(['fonds', 'year', 'retention', 'roll_no']).unique().execute();
  },
};
