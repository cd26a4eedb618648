import type { OaMigration } from './migration-kit';
import { resealRecords, sealedModules } from '../sealed-records';
import { resealColumns } from '../sealed-columns';

/**
 * Sensitive form fields at rest (issue 36): ID numbers and bank card numbers in `business_record.data` are encrypted
 * in place (SM4, db/sealed-records.ts), and their keyed hashes are kept in `business_record_hash` for the unique checks
 * and exact-match filters. Which fields are sealed follows the declarations (`sensitiveKindOf`). The contact phone of
 * an outside applicant's unit (`subject_org.phone`) is sealed too. Idempotent.
 */
export const m115SealedRecords: OaMigration = {
  name: '115-sealed-records',
  async up(db, dialect, keys) {
    // the applicant unit's contact phone joins the sealed columns: text, as an envelope is longer than a number
    if (dialect === 'postgres')
      await db.schema
        .alterTable('subject_org')
        .alterColumn('phone', (c) => c.setDataType('text'))
        .execute();
    await db.schema
      .createTable('business_record_hash')
      .ifNotExists()
      .addColumn('record_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('module', 'varchar(64)', (c) => c.notNull())
      .addColumn('field', 'varchar(64)', (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('key_id', 'varchar(16)', (c) => c.notNull())
      .addPrimaryKeyConstraint('business_record_hash_pk', ['record_id', 'field'])
      .execute();
    await db.schema
      .createIndex('idx_business_record_hash_value')
      .ifNotExists()
      .on('business_record_hash')
      .columns(['module', 'field', 'hash'])
      .execute();
    const modules = sealedModules();
    if (!keys) {
      // a run without keys (a tool migrating an empty database) may pass only when there is nothing to encrypt
      const some = async (q: Promise<unknown>) => !!(await q);
      if (
        (modules.length &&
          (await some(db.selectFrom('business_record').select('id').where('module', 'in', modules).limit(1).executeTakeFirst()))) ||
        (await some(db.selectFrom('subject_org').select('user_code').where('phone', 'is not', null).limit(1).executeTakeFirst()))
      )
        throw new Error('迁移 115 需要数据密钥（OA_DATA_KEYS）来加密已有的身份证号、银行卡号和申报单位电话');
      return;
    }
    await resealRecords(db, keys, { rekey: false });
    // the columns as at this version (SEALED_COLUMNS may grow with later migrations)
    await resealColumns(db, keys, { rekey: false, tables: [{ table: 'subject_org', key: 'user_code', columns: ['phone'] }] });
  },
};
