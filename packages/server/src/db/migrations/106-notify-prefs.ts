import type { Kysely } from 'kysely';
import type { OaMigration } from './migration-kit';

/** The events of each message kind at the time of this migration (@oa/shared/notify/events), for the copy below. */
const EVENTS_OF_KIND: Record<string, string[]> = {
  task: ['task'],
  urge: ['urge'],
  return: ['return'],
  result: ['result'],
  cc: ['cc'],
  comment: ['mention', 'comment'],
  remind: ['meeting_remind', 'supervise_alert', 'unread', 'weekly_due', 'remind'],
  system: ['distribute', 'meeting_invite', 'meeting_change', 'meeting_cancel', 'salary', 'system'],
};

/**
 * Personal message preferences (issue 33): per event and channel (`notify_choice`: off or daily digest; no row =
 * at once), quiet hours and the digest time (`notify_person`); the event of each outbox row; digest deliveries;
 * `notify_once` — the key of a periodic message already written (a meeting's reminder to one person, a supervision
 * task turning red), so two instances or two runs write it once. The choices of 093's `notify_pref` move here.
 */
export const m106NotifyPrefs: OaMigration = {
  name: '106-notify-prefs',
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('notify_outbox')
      .addColumn('event', 'varchar(24)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('notify_delivery')
      .addColumn('digest', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .execute();
    await db.schema.createIndex('notify_delivery_person').on('notify_delivery').columns(['user_code', 'channel', 'status']).execute();

    await db.schema
      .createTable('notify_person')
      .addColumn('user_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('quiet_from', 'varchar(5)')
      .addColumn('quiet_to', 'varchar(5)')
      .addColumn('digest_at', 'varchar(5)', (c) => c.notNull().defaultTo('18:00'))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notify_choice')
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('event', 'varchar(24)', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('mode', 'varchar(8)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notify_choice_pk', ['user_code', 'event', 'channel'])
      .execute();
    await db.schema
      .createTable('notify_once')
      .addColumn('once_key', 'varchar(160)', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    const old = await db.selectFrom('notify_pref').selectAll().execute();
    for (const p of old as Array<{
      user_code: string;
      off: string;
      quiet_from: string | null;
      quiet_to: string | null;
      updated_at: string;
    }>) {
      await db
        .insertInto('notify_person')
        .values({ user_code: p.user_code, quiet_from: p.quiet_from, quiet_to: p.quiet_to, digest_at: '18:00', updated_at: p.updated_at })
        .execute();
      const rows = p.off
        .split(',')
        .filter(Boolean)
        .flatMap((pair) => {
          const [kind, channel] = pair.split(':');
          return (EVENTS_OF_KIND[kind] ?? []).map((event) => ({ user_code: p.user_code, event, channel, mode: 'off' }));
        });
      if (rows.length) await db.insertInto('notify_choice').values(rows).execute();
    }
    await db.schema.dropTable('notify_pref').execute();
  },
};
