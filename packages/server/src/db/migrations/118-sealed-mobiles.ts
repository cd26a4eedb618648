import type { OaMigration } from './migration-kit';
import { plainApplicantMobiles, sealApplicantMobiles } from '../applicant-mobiles';
import { syncCacheTriggers } from '../cache-triggers';

/**
 * The account mobiles of outside applicants at rest (issue 36): `sys_user.mobile_sealed` (an SM4 envelope) and
 * `mobile_hash` (its keyed hash, indexed: the lookups by mobile) join `sys_user`, and the plaintext mobile of every
 * outside applicant's account (platform 19 without platform 1) moves there, `mobile` becoming null
 * (db/applicant-mobiles.ts). The session guard reads the sealed column, so the cache triggers are made again.
 * Idempotent and resumable: the columns and the index are added when missing, a moved row is skipped.
 */
export const m118SealedMobiles: OaMigration = {
  name: '118-sealed-mobiles',
  async up(db, dialect, keys) {
    const user = (await db.introspection.getTables()).find((t) => t.name === 'sys_user');
    const has = new Set(user?.columns.map((c) => c.name));
    if (!has.has('mobile_sealed')) await db.schema.alterTable('sys_user').addColumn('mobile_sealed', 'text').execute();
    if (!has.has('mobile_hash')) await db.schema.alterTable('sys_user').addColumn('mobile_hash', 'varchar(64)').execute();
    // one account per number, as `mobile` is unique (a number hashes alike under one key; data:rekey moves all)
    await db.schema.createIndex('idx_user_mobile_hash').ifNotExists().unique().on('sys_user').column('mobile_hash').execute();
    await syncCacheTriggers(db, dialect);
    if (!keys) {
      // a run without keys (a tool migrating an empty database) may pass only when there is nothing to encrypt
      if (await plainApplicantMobiles(db)) throw new Error('迁移 118 需要数据密钥（OA_DATA_KEYS）来加密外部申报人账号的手机号');
      return;
    }
    await sealApplicantMobiles(db, keys);
  },
};
