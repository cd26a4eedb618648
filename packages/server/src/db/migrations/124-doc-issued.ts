import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Issued documents anyone can verify (issue 37): one row per PDF issued at 印制, under an opaque id (the QR code's
 * /oa/verify/<id>), with the file's SHA-256 and SM3, the SHA-256 of the certificate that signed it, and the only
 * facts the public page shows: 文号, date and issuer.
 */
export const m124DocIssued: OaMigration = {
  name: '124-doc-issued',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('doc_issued')
      .ifNotExists()
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('doc_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('file_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('doc_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('issue_date', 'varchar(32)', (c) => c.notNull())
      .addColumn('issuer', 'varchar(100)', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('sm3', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('cert_sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_doc_issued_doc').ifNotExists().on('doc_issued').column('doc_id').execute();
  },
};
