import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

/** Accounts, organisation, roles, functions, sessions, security and audit tables. */
export const m001Init: OaMigration = {
  name: '001-init',
  async up(db: Kysely<any>, dialect: Dialect) {
    await db.schema
      .createTable('org_dept')
      .addColumn('dept_code', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dept_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('parent_code', 'varchar(32)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('leader_user_code', 'varchar(64)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sys_user')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(20)', (c) => c.unique())
      .addColumn('sex', 'varchar(4)')
      .addColumn('icon', 'varchar(255)')
      .addColumn('email', 'varchar(128)')
      .addColumn('tel', 'varchar(32)')
      .addColumn('room', 'varchar(64)')
      .addColumn('position', 'varchar(64)')
      .addColumn('personal_sign', 'varchar(200)')
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('Y'))
      .addColumn('password_changed_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('password_reset', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('birthday', 'varchar(10)')
      .addColumn('entry_date', 'varchar(10)')
      .addColumn('pinyin', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('pinyin_initials', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_user_dept').on('sys_user').column('dept_code').execute();

    await db.schema
      .createTable('sys_user_platform')
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('platform_code', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_user_platform', ['user_code', 'platform_code'])
      .execute();

    await db.schema
      .createTable('sys_role')
      .addColumn('role_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('platform_code', 'varchar(8)', (c) => c.notNull().defaultTo('1'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sys_role_group')
      .addColumn('group_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    for (const [table, a, b] of [
      ['sys_role_group_role', 'group_code', 'role_code'],
      ['sys_role_group_user', 'group_code', 'user_code'],
      ['sys_user_role', 'user_code', 'role_code'],
      ['sys_role_function', 'role_code', 'fun_code'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn(a, 'varchar(64)', (c) => c.notNull())
        .addColumn(b, 'varchar(64)', (c) => c.notNull())
        .addPrimaryKeyConstraint(`pk_${table}`, [a, b])
        .execute();
      await db.schema.createIndex(`idx_${table}_${b}`).on(table).column(b).execute();
    }

    await db.schema
      .createTable('sys_function')
      .addColumn('fun_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fun_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('parent_code', 'varchar(64)')
      .addColumn('router', 'varchar(255)')
      .addColumn('router_selected', 'varchar(255)')
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_hidden', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('is_link', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('link_url', 'varchar(500)')
      .addColumn('icon', 'varchar(64)')
      .addColumn('menu_type', 'varchar(1)', (c) => c.notNull())
      .addColumn('platform_code', 'varchar(8)', (c) => c.notNull().defaultTo('1'))
      .addColumn('no_cache', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .execute();
    await db.schema.createIndex('idx_function_parent').on('sys_function').column('parent_code').execute();

    await db.schema
      .createTable('sys_session')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('device_id', 'varchar(128)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(255)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(32)')
      .addColumn('revoke_reason', 'varchar(64)')
      .execute();
    await db.schema.createIndex('idx_session_user').on('sys_session').column('user_code').execute();

    await withId(db.schema.createTable('sys_login_failure'), dialect)
      .addColumn('account', 'varchar(64)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('idx_login_failure_account').on('sys_login_failure').columns(['account', 'created_at']).execute();
    await db.schema.createIndex('idx_login_failure_ip').on('sys_login_failure').columns(['ip', 'created_at']).execute();

    await db.schema
      .createTable('sys_captcha')
      .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('answer_hash', 'varchar(128)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .execute();

    await withId(db.schema.createTable('sys_sms_code'), dialect)
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('idx_sms_mobile').on('sys_sms_code').columns(['mobile', 'created_at']).execute();

    await withId(db.schema.createTable('sys_sms_outbox'), dialect)
      .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
      .addColumn('content', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('sys_audit'), dialect)
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'varchar(255)')
      .addColumn('result', 'varchar(8)', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('idx_audit_at').on('sys_audit').column('at').execute();

    await db.schema
      .createTable('sys_config')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sys_sso_ticket')
      .addColumn('jti', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('used_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
