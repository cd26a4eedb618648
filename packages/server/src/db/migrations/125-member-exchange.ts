import type { OaMigration } from './migration-kit';

/**
 * Exchange with member units (issue 37): the register of member units, their contacts (outside accounts of
 * platform 20, one unit each), and one row per dispatch sent to a unit — read, signed (签收, once: the row's
 * `signed_at` is set only while null), the reply, the due time and the urges. Lists: a unit's documents newest
 * first (unit_id, sent_at), a dispatch's units (doc_id).
 */
export const m125MemberExchange: OaMigration = {
  name: '125-member-exchange',
  async up(db) {
    await db.schema
      .createTable('doc_member_unit')
      .ifNotExists()
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('doc_unit_contact')
      .ifNotExists()
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('unit_id', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_unit_contact_unit').ifNotExists().on('doc_unit_contact').column('unit_id').execute();
    await db.schema
      .createTable('doc_exchange')
      .ifNotExists()
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('doc_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('unit_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('sent_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('due_at', 'varchar(40)')
      .addColumn('read_at', 'varchar(40)')
      .addColumn('read_by', 'varchar(64)')
      .addColumn('signed_at', 'varchar(40)')
      .addColumn('signed_by', 'varchar(64)')
      .addColumn('reply_text', 'text')
      .addColumn('reply_file_id', 'varchar(64)')
      .addColumn('urge_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_urged_at', 'varchar(40)')
      .execute();
    await db.schema.createIndex('idx_exchange_doc_unit').ifNotExists().unique().on('doc_exchange').columns(['doc_id', 'unit_id']).execute();
    await db.schema.createIndex('idx_exchange_unit_sent').ifNotExists().on('doc_exchange').columns(['unit_id', 'sent_at', 'id']).execute();
    await db.schema.createIndex('idx_exchange_reply_file').ifNotExists().on('doc_exchange').column('reply_file_id').execute();
  },
};
