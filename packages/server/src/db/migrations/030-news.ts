import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { withId, type OaMigration } from './migration-kit';

/**
 * News (information columns as a tree with read scopes, articles through approval, reads,
 * recommendations), spaces (disclosure / sharing / collaboration topics with posts and files) and the
 * system-wide search index (SQLite FTS5 trigram; PostgreSQL pg_trgm GIN).
 */
export const m030News: OaMigration = {
  name: '030-news',
  async up(db0: Kysely<unknown>, dialect: Dialect) {
    const db = db0 as Kysely<any>;
    const s = db.schema;
    // the column table of 002 becomes a tree with a read scope
    await s.alterTable('info_column').addColumn('parent_code', 'varchar(64)').execute();
    await s
      .alterTable('info_column')
      .addColumn('read_scope', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
      .execute();
    await s.alterTable('info_column').addColumn('remark', 'varchar(200)').execute();

    /** who may read a scoped column / space topic: owner_type 'column' | 'topic', kind 'dept' | 'user' */
    await s
      .createTable('oa_scope')
      .addColumn('owner_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_oa_scope', ['owner_type', 'owner_id', 'kind', 'code'])
      .execute();
    await s.createIndex('idx_oa_scope_member').on('oa_scope').columns(['owner_type', 'kind', 'code', 'owner_id']).execute();

    await s
      .createTable('news_article')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('column_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('summary', 'varchar(500)')
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('cover_file', 'varchar(64)')
      .addColumn('source', 'varchar(100)')
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addColumn('author_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('is_top', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
      .addColumn('publish_at', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('instance_id', 'varchar(32)')
      .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('submitted_at', 'varchar(32)')
      .addColumn('published_at', 'varchar(32)')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // column list: published, top first, newest first (publish time decides visibility of scheduled ones)
    await s.createIndex('idx_news_article_col').on('news_article').columns(['column_code', 'status', 'is_top', 'published_at']).execute();
    await s.createIndex('idx_news_article_pub').on('news_article').columns(['status', 'published_at']).execute();
    await s.createIndex('idx_news_article_author').on('news_article').columns(['author', 'updated_at']).execute();
    await s.createIndex('idx_news_article_dept').on('news_article').columns(['dept_code', 'status']).execute();

    await s
      .createTable('news_article_file')
      .addColumn('article_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('pk_news_article_file', ['article_id', 'file_id', 'role'])
      .execute();
    await s.createIndex('idx_news_article_file_file').on('news_article_file').column('file_id').execute();

    await s
      .createTable('news_read')
      .addColumn('article_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_news_read', ['article_id', 'user_code'])
      .execute();

    await s
      .createTable('news_recommend')
      .addColumn('article_id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('target', 'varchar(16)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'varchar(300)')
      .addColumn('recommended_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('recommended_by_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('recommended_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_news_recommend_state').on('news_recommend').columns(['state', 'recommended_at']).execute();

    await s
      .createTable('space_topic')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addColumn('author_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept_code', 'varchar(32)')
      .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_post_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_space_topic_kind').on('space_topic').columns(['kind', 'last_post_at']).execute();
    await s.createIndex('idx_space_topic_scope').on('space_topic').columns(['kind', 'scope', 'last_post_at']).execute();

    await s
      .createTable('space_post')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('topic_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addColumn('author_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await s.createIndex('idx_space_post_topic').on('space_post').columns(['topic_id', 'created_at']).execute();

    await s
      .createTable('space_file')
      .addColumn('topic_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('post_id', 'varchar(32)')
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('uploader', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_space_file', ['topic_id', 'file_id'])
      .execute();
    await s.createIndex('idx_space_file_file').on('space_file').column('file_id').execute();

    // the search index: one entry per searchable thing, its readers as principals
    await withId(s.createTable('search_entry'), dialect)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('module', 'varchar(64)')
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('link', 'varchar(300)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      // scheduled publishing: not found before this time
      .addColumn('visible_from', 'varchar(32)')
      .execute();
    await s.createIndex('uq_search_entry_ref').on('search_entry').columns(['kind', 'ref_id']).unique().execute();
    await s.createIndex('idx_search_entry_updated').on('search_entry').column('updated_at').execute();
    await s
      .createTable('search_acl')
      .addColumn('entry_id', 'bigint', (c) => c.notNull())
      .addColumn('principal', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_search_acl', ['entry_id', 'principal'])
      .execute();
    await s.createIndex('idx_search_acl_principal').on('search_acl').columns(['principal', 'entry_id']).execute();
    if (dialect === 'sqlite') {
      await sql`create virtual table search_fts using fts5(title, body, tokenize = 'trigram')`.execute(db);
    } else {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index idx_search_entry_title_trgm on search_entry using gin (title gin_trgm_ops)`.execute(db);
      await sql`create index idx_search_entry_body_trgm on search_entry using gin (body gin_trgm_ops)`.execute(db);
    }
  },
};
