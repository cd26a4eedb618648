import type { Kysely } from 'kysely';
import { addMissingFunctions, type OaMigration } from './migration-kit';

/** The 登录安全策略 page, frozen as the seed writes it today (added to a seeded database that lacks it, as in 108). */
const PAGE = {
  fun_code: 'sys_mfa_policy',
  fun_name: '登录安全策略',
  parent_code: 'sys',
  router: '/mfaPolicy',
  sort_no: 99,
  icon: 'SafetyOutlined',
};

/**
 * Two factors (issue 36): one row per person who began or finished enrolling an authenticator app (the secret
 * sealed), their one-time recovery codes (hashed), and the roles whose holders must sign in with two factors.
 */
export const m111TwoFactors: OaMigration = {
  name: '111-two-factors',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sys_two_factor')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('secret_sealed', 'varchar(255)')
      .addColumn('pending_sealed', 'varchar(255)')
      .addColumn('pending_at', 'varchar(32)')
      .addColumn('last_step', 'bigint')
      .addColumn('enrolled_at', 'varchar(32)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sys_two_factor_recovery')
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addPrimaryKeyConstraint('sys_two_factor_recovery_pk', ['user_code', 'code_hash'])
      .execute();
    await db.schema
      .createTable('sys_two_factor_role')
      .addColumn('role_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('required', 'varchar(1)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();

    await addMissingFunctions(db, [PAGE]);
  },
};
