import type { Generated } from 'kysely';

/** Tables of news, spaces and the search index (migration 030-news). */
type Flag = 'Y' | 'N';

export interface ScopeTable {
  owner_type: 'column' | 'topic';
  owner_id: string;
  kind: 'dept' | 'user';
  code: string;
}

export interface NewsArticleTable {
  id: string;
  column_code: string;
  title: string;
  summary: string | null;
  body_html: string;
  body_text: string;
  cover_file: string | null;
  source: string | null;
  dept_code: string | null;
  author: string;
  author_name: string;
  is_top: Flag;
  publish_at: string | null;
  status: string;
  instance_id: string | null;
  read_count: number;
  submitted_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** when the unread readers were last reminded (migration 076) */
  reminded_at?: string | null;
}

export interface NewsArticleFileTable {
  article_id: string;
  file_id: string;
  role: 'attachment' | 'image' | 'cover';
  file_name: string;
  sort_no: number;
}
export interface NewsReadTable {
  article_id: string;
  user_code: string;
  read_at: string;
}
export interface NewsRecommendTable {
  article_id: string;
  target: string;
  state: string;
  note: string | null;
  recommended_by: string;
  recommended_by_name: string;
  recommended_at: string;
  updated_at: string;
}

export interface SpaceTopicTable {
  id: string;
  kind: string;
  title: string;
  body_html: string;
  body_text: string;
  scope: string;
  author: string;
  author_name: string;
  dept_code: string | null;
  post_count: number;
  last_post_at: string;
  created_at: string;
  updated_at: string;
}
export interface SpacePostTable {
  id: string;
  topic_id: string;
  body_html: string;
  body_text: string;
  author: string;
  author_name: string;
  created_at: string;
  updated_at: string;
}
export interface SpaceFileTable {
  topic_id: string;
  file_id: string;
  post_id: string | null;
  file_name: string;
  size: number;
  uploader: string;
  created_at: string;
}

export interface SearchEntryTable {
  id: Generated<number>;
  kind: string;
  ref_id: string;
  module: string | null;
  title: string;
  body: string;
  link: string;
  updated_at: string;
  visible_from: string | null;
  /** PostgreSQL only (migration 072): the letter/digit bigrams of title and body */
  grams?: string[] | null;
  /** PostgreSQL only (migration 075): the readers' principals (as search_acl), in the GIN index beside grams */
  readers?: string[] | null;
}
/** The search's change counter (migration 133, db/cache-dependencies.ts): its pages are kept under it. */
export interface SearchEntryVersionTable {
  id: number;
  version: number;
  tx: number | null;
}

export interface SearchAclTable {
  entry_id: number;
  principal: string;
}
/** SQLite only (FTS5 trigram); rowid = search_entry.id */
export interface SearchFtsTable {
  rowid: number;
  title: string;
  body: string;
}

/** SQLite only (FTS5, migration 072): the letter/digit bigram stream and the reader tokens; rowid = search_entry.id */
export interface SearchGramTable {
  rowid: number;
  grams: string;
  /** the readers' principals as tokens */
  acl: string;
}

/** Start-up back-fills that have completed (migration 075): a start finds nothing to scan for them. */
export interface SearchBackfillTable {
  source: string;
  done_at: string;
}

export interface NewsTables {
  oa_scope: ScopeTable;
  news_article: NewsArticleTable;
  news_article_file: NewsArticleFileTable;
  news_read: NewsReadTable;
  news_recommend: NewsRecommendTable;
  space_topic: SpaceTopicTable;
  space_post: SpacePostTable;
  space_file: SpaceFileTable;
  search_entry: SearchEntryTable;
  search_acl: SearchAclTable;
  search_entry_version: SearchEntryVersionTable;
  search_fts: SearchFtsTable;
  search_gram: SearchGramTable;
  search_backfill: SearchBackfillTable;
}
