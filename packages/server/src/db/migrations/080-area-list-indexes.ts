import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import type { OaMigration } from './migration-kit';

/**
 * Indexes for the newer areas' list pages that had none in their order (issue 18, `db/area-list-plans.test.ts`):
 * the news managers' view (every article, last edited first), the live-meeting list (newest first) and the
 * 协作空间 home widget (latest topics of every kind).
 */
export const m080AreaListIndexes: OaMigration = {
  name: '080-area-list-indexes',
  async up(raw: Kysely<unknown>, _dialect: Dialect) {
    const s = (raw as Kysely<any>).schema;
    await s.createIndex('idx_news_article_updated').on('news_article').columns(['updated_at', 'id']).execute();
    await s.createIndex('idx_meeting_live_start').on('meeting_live').columns(['start_at', 'id']).execute();
    await s.createIndex('idx_space_topic_last_post').on('space_topic').columns(['last_post_at', 'id']).execute();
  },
};
