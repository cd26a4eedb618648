import type { Kysely } from 'kysely';
import { withId, type OaMigration } from './migration-kit';

/**
 * Messages that leave the system (core/notify): the outbox written in the event's transaction, one delivery per
 * message and channel (claimed with a lease by the worker), the attempt log, the administrator's channel settings
 * and each person's preferences.
 */
export const m093NotifyOutbox: OaMigration = {
  name: '093-notify-outbox',
  async up(db: Kysely<any>, dialect) {
    await db.schema
      .createTable('notify_outbox')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('content', 'varchar(1000)', (c) => c.notNull())
      .addColumn('link', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('dispatched', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .execute();
    await db.schema.createIndex('notify_outbox_todo').on('notify_outbox').columns(['dispatched', 'created_at']).execute();

    await db.schema
      .createTable('notify_delivery')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('outbox_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('address', 'varchar(255)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('lease_owner', 'varchar(40)')
      .addColumn('lease_until', 'varchar(32)')
      .addColumn('last_answer', 'varchar(1000)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('sent_at', 'varchar(32)')
      .execute();
    await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['status', 'next_at']).execute();
    await db.schema.createIndex('notify_delivery_log').on('notify_delivery').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('notify_delivery_outbox').on('notify_delivery').columns(['outbox_id']).execute();

    await withId(db.schema.createTable('notify_attempt'), dialect)
      .addColumn('delivery_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'varchar(32)', (c) => c.notNull())
      .addColumn('ok', 'varchar(1)', (c) => c.notNull())
      .addColumn('answer', 'varchar(1000)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notify_attempt_delivery').on('notify_attempt').columns(['delivery_id', 'id']).execute();

    await db.schema
      .createTable('notify_channel')
      .addColumn('channel', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('enabled', 'varchar(1)', (c) => c.notNull())
      .addColumn('kinds', 'varchar(200)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('notify_pref')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('off', 'varchar(1000)', (c) => c.notNull())
      .addColumn('quiet_from', 'varchar(5)')
      .addColumn('quiet_to', 'varchar(5)')
      .addColumn('digest', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
