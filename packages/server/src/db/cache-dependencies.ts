/**
 * What every in-memory answer kept under a change counter reads (issue 31: invariants as code). The one place
 * that says which tables and columns each counter watches: `db/cache-triggers.ts` generates the triggers of both
 * dialects from it (`syncCacheTriggers`, called by a migration whenever this list changes), and
 * `cache-dependencies.test.ts` runs each cache's reads under a query recorder and fails on a column read here
 * undeclared. Plain data: migrations import it (it imports nothing).
 */

/** A write that bumps a counter. On PostgreSQL a watched `delete` also covers TRUNCATE. */
export type WriteOp = 'insert' | 'update' | 'delete';

export interface Watch {
  table: string;
  /** an update of any of these columns bumps ('all': any update) */
  columns: 'all' | readonly string[];
  ops: readonly WriteOp[];
  /** columns the cache reads but a write of which must not bump, each with the reason it is safe */
  unwatched?: Readonly<Record<string, string>>;
}

export interface CacheCounter {
  /** the counter's name in trigger and function names: `<table>_<key>_…`, `oa_bump_<key>_version` */
  key: string;
  /** the one-row table (`id = 1`, `version`) the triggers bump */
  counter: string;
  /**
   * PostgreSQL only (SQLite has one writer: plain row triggers, in the writing statement).
   * - 'statement': a statement trigger BEFORE the statement touches a row, so a transaction takes the counter's
   *   row lock before any watched row's (two such transactions cannot deadlock on the pair).
   * - 'commit': deferred constraint row triggers, at commit, once per transaction (the counter has a `tx`
   *   column): writers of these tables touch rows in varying orders, so a lock taken at the first write could
   *   close a cycle; at commit the counter's row is taken last.
   */
  pgTiming: 'statement' | 'commit';
  /** 'commit' counters whose row this one locks first at commit: every transaction takes them in one order */
  locksFirst?: readonly string[];
  watches: readonly Watch[];
}

/** Every write to the table, of any column. */
const anyWrite = (table: string): Watch => ({ table, columns: 'all', ops: ['insert', 'update', 'delete'] });

/** The user columns a person is shown by, to the guard (the session user) and in the address book. */
const PERSON = ['user_code', 'user_name', 'mobile', 'sex', 'icon', 'email', 'dept_code', 'position', 'status'];

const AUTH: CacheCounter = {
  // the session guard (core/session-cache.ts, core/token-session.ts): session, user, department, roles,
  // platforms, grants and the password state; and `currentUserNames` (names kept per counter)
  key: 'auth',
  counter: 'sys_auth_version',
  pgTiming: 'statement',
  watches: [
    {
      table: 'sys_session',
      columns: ['id', 'user_code', 'kind', 'device_id', 'ip', 'user_agent', 'created_at', 'expires_at', 'revoked_at', 'revoke_reason'],
      ops: ['update', 'delete'],
      unwatched: { last_seen_at: 'touched every minute; the guard re-reads the session before refusing it as idle' },
    },
    // an outside applicant's mobile is sealed apart (migration 118): the session user opens it
    { table: 'sys_user', columns: [...PERSON, 'mobile_sealed', 'password_reset', 'password_changed_at'], ops: ['update', 'delete'] },
    { table: 'org_dept', columns: ['dept_code', 'dept_name'], ops: ['update', 'delete'] },
    { table: 'sys_role', columns: ['role_code', 'role_name', 'sort_no'], ops: ['update', 'delete'] },
    ...['sys_user_role', 'sys_role_group_user', 'sys_role_group_role', 'sys_role_function', 'sys_user_platform'].map(anyWrite),
  ],
};

const DIRECTORY: CacheCounter = {
  // the address book's directory (features/address-book/address-book.directory.ts): what it shows or matches
  key: 'directory',
  counter: 'sys_directory_version',
  pgTiming: 'statement',
  watches: [
    {
      table: 'sys_user',
      columns: [...PERSON, 'tel', 'room', 'sort_no', 'pinyin', 'pinyin_initials', 'personal_sign'],
      ops: ['insert', 'update', 'delete'],
    },
    { table: 'org_dept', columns: ['dept_code', 'dept_name', 'parent_code', 'sort_no'], ops: ['insert', 'update', 'delete'] },
    anyWrite('sys_user_platform'),
  ],
};

const TODO: CacheCounter = {
  // the to-do and done lists (features/workflow/pending.cache.ts; names under `auth`); the process monitor's and
  // 我的申请's pages (engines/workflow/pending.service.ts `instances`, db/answer-memo.ts): every instance column
  key: 'todo',
  counter: 'wf_todo_version',
  pgTiming: 'commit',
  watches: [anyWrite('wf_task'), anyWrite('wf_instance')],
};

const RECORDS: CacheCounter = {
  // the module and register lists' pages and capped totals (db/answer-memo.ts, db/count-memo.ts)
  key: 'record',
  counter: 'business_record_version',
  pgTiming: 'commit',
  // a transaction writing records and tasks bumps both at commit: the to-do counter's row always first
  locksFirst: ['wf_todo_version'],
  watches: [anyWrite('business_record')],
};

/** A table derived from a watched one in the same writes (a full-text index): read, never bumping by itself. */
const derived = (table: string, columns: readonly string[], reason: string): Watch => ({
  table,
  columns: [],
  ops: [],
  unwatched: Object.fromEntries(columns.map((c) => [c, reason])),
});
const WRITTEN_WITH_ENTRIES =
  'written with its search_entry row, in the same transaction (SQLite: no trigger on a virtual table; the bigram back-fill of older entries bumps the counter itself, backfillGrams)';

const SEARCH: CacheCounter = {
  // the search's pages (features/search/search.service.ts, db/answer-memo.ts): the entries, their readers, and the
  // workflow participants (tasks and instances under `todo`, read with it)
  key: 'search',
  counter: 'search_entry_version',
  pgTiming: 'commit',
  // a transaction indexing a record bumps the to-do, records and search counters at commit: always in this order
  locksFirst: ['wf_todo_version', 'business_record_version'],
  watches: [
    anyWrite('search_entry'),
    anyWrite('search_acl'),
    { table: 'wf_cc', columns: ['id', 'instance_id', 'user_code'], ops: ['insert', 'update', 'delete'] },
    derived('search_fts', ['rowid', 'title', 'body', 'search_fts'], WRITTEN_WITH_ENTRIES),
    derived('search_gram', ['rowid', 'grams', 'search_gram'], WRITTEN_WITH_ENTRIES),
  ],
};

/** Every counter whose triggers are generated, in the order their triggers are created. */
export const CACHE_COUNTERS: readonly CacheCounter[] = [AUTH, DIRECTORY, TODO, RECORDS, SEARCH];

/**
 * What is read under the menu version (`sys_config` key `menu_version`, core/menu-version.ts): the function list kept
 * per handle (`allFunctions`, core/identity.repository.ts). The services that write functions and grants bump it
 * (`bumpMenuVersion`); no trigger is generated for it.
 */
export const MENU_VERSION_READS: readonly Watch[] = [anyWrite('sys_function')];

/**
 * PostgreSQL's slot columns of filterable form fields (issue 18): `<prefix>1` … `<prefix><count>` of `table`,
 * filled by a BEFORE row trigger on every insert and every update of `sources` from the `data` JSON, by the map in
 * `mapTable` (written at start-up by `syncFilterSlots`, db/record-field-indexes.ts). SQLite needs none.
 */
export const FILTER_SLOTS = {
  table: 'business_record',
  columnPrefix: 'facet_',
  count: 6,
  /** the columns the trigger reads from the row: a write of either fills the slots again */
  sources: ['data', 'module'],
  mapTable: 'record_filter_slot',
} as const;

/** The slot column of number `n` (1-based). */
export const slotColumn = (n: number): string => `${FILTER_SLOTS.columnPrefix}${n}`;
