import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Read reminders (提醒未读) of an article: when the unread readers were last reminded. A reminder claims the
 * article by a conditional update of this column (at most once an hour, two presses at once: one wins).
 */
export const m076NewsReminders: OaMigration = {
  name: '076-news-reminders',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const db = raw as Kysely<any>;
    await db.schema.alterTable('news_article').addColumn('reminded_at', 'varchar(32)').execute();
  },
};
