import type { OaMigration } from './migration-kit';

/**
 * The archive package of an item (issue 37, DA/T 22): `package_file_id` names the zip in the file store (正文, 定稿,
 * 处理笺, attachments and 元数据.xml), `package_files` lists its files with their sizes and SM3 digests (JSON), for the
 * catalogue export. An item filed before has none until its package is first asked for.
 * Idempotent: each column is added when missing.
 */
export const m128ArchivePackage: OaMigration = {
  name: '128-archive-package',
  async up(db) {
    const item = (await db.introspection.getTables()).find((t) => t.name === 'archive_item');
    const has = new Set(item?.columns.map((c) => c.name));
    if (!has.has('package_file_id')) await db.schema.alterTable('archive_item').addColumn('package_file_id', 'varchar(64)').execute();
    if (!has.has('package_files')) await db.schema.alterTable('archive_item').addColumn('package_files', 'text').execute();
  },
};
