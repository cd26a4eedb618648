import type { OaMigration } from './migration-kit';
import { resealColumns } from '../sealed-columns';

/**
 * Sensitive values at rest (issue 36): the salary slip's bank card and mobile columns become text (an SM4 envelope
 * is longer than a card number), and every plaintext value already stored is encrypted in place, in batches.
 * Idempotent: an encrypted value is left as it is.
 */
export const m114SealedFields: OaMigration = {
  name: '114-sealed-fields',
  async up(db, dialect, keys) {
    if (dialect === 'postgres')
      await db.schema
        .alterTable('oa_salary_slip')
        .alterColumn('bank_card', (c) => c.setDataType('text'))
        .alterColumn('src_mobile', (c) => c.setDataType('text'))
        .execute();
    if (!keys) {
      // a run without keys (a tool migrating an empty database) may pass only when there is nothing to encrypt
      if (await db.selectFrom('oa_salary_slip').select('id').limit(1).executeTakeFirst())
        throw new Error('迁移 114 需要数据密钥（OA_DATA_KEYS）来加密已有的敏感字段');
      return;
    }
    // the columns as at this version (SEALED_COLUMNS may grow with later migrations)
    await resealColumns(db, keys, {
      rekey: false,
      tables: [{ table: 'oa_salary_slip', key: 'id', columns: ['bank_card', 'src_mobile', 'items'] }],
    });
  },
};
