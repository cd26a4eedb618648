import { sql, type Kysely } from 'kysely';
import { ROLE_SECADMIN } from '@oa/shared/access/three-admins';
import { addMissingFunctions, type OaMigration } from './migration-kit';

/**
 * 账号与会话 (issue 36, 三员分立: "a security administrator (grants, policies, locks, sessions)"): the page, given to
 * the security administrator only, and the index its list of open sessions reads (newest activity first, open
 * sessions only — a partial index, on both dialects).
 */
const PAGE = {
  fun_code: 'sys_account_security',
  fun_name: '账号与会话',
  parent_code: 'sys',
  router: '/accountSecurity',
  sort_no: 102,
  icon: 'SafetyCertificateOutlined',
};

export const m116AccountSecurity: OaMigration = {
  name: '116-account-security',
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('idx_session_open')
      .on('sys_session')
      .column('last_seen_at')
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
    await addMissingFunctions(db, [PAGE]);
    const role = await db.selectFrom('sys_role').select('role_code').where('role_code', '=', ROLE_SECADMIN).executeTakeFirst();
    const page = await db.selectFrom('sys_function').select('fun_code').where('fun_code', '=', PAGE.fun_code).executeTakeFirst();
    const held = await db
      .selectFrom('sys_role_function')
      .select('fun_code')
      .where('role_code', '=', ROLE_SECADMIN)
      .where('fun_code', '=', PAGE.fun_code)
      .executeTakeFirst();
    if (role && page && !held)
      await db.insertInto('sys_role_function').values({ role_code: ROLE_SECADMIN, fun_code: PAGE.fun_code }).execute();
  },
};
