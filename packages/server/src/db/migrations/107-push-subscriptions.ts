import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/**
 * Web Push (issue 33): the browsers a person switched on「在此浏览器接收通知」in. One row per push endpoint (the id is
 * a hash of it), so a browser that logs in as someone else moves its subscription instead of receiving both.
 */
export const m107PushSubscriptions: OaMigration = {
  name: '107-push-subscriptions',
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notify_push_sub')
      .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull())
      .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
      .addColumn('auth', 'varchar(30)', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(255)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notify_push_sub_user').on('notify_push_sub').columns(['user_code', 'id']).execute();
  },
};
