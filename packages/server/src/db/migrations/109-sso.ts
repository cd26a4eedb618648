import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Single sign-on (issue 36): which outside identity (issuer + subject) belongs to which account, the sign-ins under
 * way (state, nonce, PKCE verifier, the page to return to, then the one-time hand-over code) and, per session opened
 * by SSO, what its logout needs (the OpenID provider's ID token).
 */
export const m109Sso: OaMigration = {
  name: '109-sso',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sso_identity')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
      .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('last_login_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_identity_subject').unique().on('sso_identity').columns(['issuer', 'subject']).execute();
    await db.schema.createIndex('sso_identity_user').on('sso_identity').columns(['user_code']).execute();

    await db.schema
      .createTable('sso_pending')
      .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
      .addColumn('return_path', 'varchar(1000)', (c) => c.notNull())
      .addColumn('handoff_hash', 'varchar(64)')
      .addColumn('user_code', 'varchar(64)')
      .addColumn('id_token', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_pending_handoff').on('sso_pending').columns(['handoff_hash']).execute();
    await db.schema.createIndex('sso_pending_expires').on('sso_pending').columns(['expires_at']).execute();

    await db.schema
      .createTable('sso_session')
      .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
      .addColumn('id_token', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_session_created').on('sso_session').columns(['created_at']).execute();
  },
};
