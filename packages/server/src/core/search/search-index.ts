import { ROLE } from '@oa/shared/constants';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { DOCUMENT_MODULES } from '@oa/shared/modules/documents.module';
import { registerOptionsOf } from '@oa/shared/modules/register-kit';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import * as repo from './search-index.repository';
import { memoAnswer } from '../../db/answer-memo';
import { nextTurn } from '../../lib/next-turn';
import { isSealed } from '../../lib/field-cipher';

/**
 * The search port (issue 15). Every feature that owns searchable things calls `indexEntry` /
 * `removeEntry` inside the transaction of its write, naming who may read the entry as principals:
 * `READER.all`, `READER.user(code)`, `READER.dept(code)`, `READER.perm(permission)`,
 * `READER.leader(dept)` (department leaders over that department), `READER.permInDept(permission, dept)`
 * (holders of the permission who belong to that department), `READER.admin`. The search feature
 * answers a query with the entries whose principals meet the reader's (filtered in SQL).
 * Records, people and files are indexed here from their own rows (one call in their write paths); official
 * documents by the documents feature (kind 'document', module = the document's workflow module).
 */
type SearchKind = 'article' | 'post' | 'topic' | 'record' | 'document' | 'register' | 'person' | 'file';

interface SearchDoc {
  kind: SearchKind;
  refId: string;
  module?: string | null;
  title: string;
  body: string;
  /** the web route that opens it */
  link: string;
  updatedAt: string;
  /** not found before this time (scheduled publishing) */
  visibleFrom?: string | null;
  readers: readonly string[];
}

/** Official documents' back-fill (documents.search.ts) asks the index which documents it lacks. */
export const unindexedDocumentsAfter = (db: Db, after: string, limit: number) =>
  repo.unindexedAfter(db, { table: 'doc_document', kinds: ['document'] }, after, limit);

/**
 * PostgreSQL: the part of a keyword a trigram index is asked for (its rare part, by the bigram frequencies of
 * the search index); the caller checks the whole keyword on the row.
 */
export const trigramKey = (db: Db, text: string) => repo.trigramKey(db, text);
/**
 * PostgreSQL: the rare part of a word a trigram index may be asked for, or null when the word is shorter than 3
 * characters or common (a trigram index would read most of its rows); the caller checks the whole word on the row.
 */
export const trigramProbeKey = (db: Db, text: string) => repo.trigramProbeKey(db, text);

export const READER = {
  all: 'all',
  admin: 'admin',
  user: (code: string) => `u:${code}`,
  dept: (code: string) => `d:${code}`,
  perm: (permission: string) => `p:${permission}`,
  leader: (dept: string) => `L:${dept}`,
  /** holders of `permission` who belong to `dept` (a department's document managers) */
  permInDept: (permission: string, dept: string) => `P:${permission}@${dept}`,
} as const;

/**
 * The permissions that are held per department: the manage permissions of the department-level document
 * modules (a department's documents are managed by the holders of its manage permission in that department
 * only). `principalsOf` pairs these, and only these, with the reader's own department.
 */
const PERMS_IN_DEPT: ReadonlySet<string> = new Set(DOCUMENT_MODULES.filter((m) => m.scope === 'dept').map((m) => m.permissions.manage));

const BODY_MAX = 4000;

/**
 * Principals that open an entry to more than everyone or named people: a department, a permission, a leader,
 * a permission in a department.
 */
const GROUP_PRINCIPAL = /^[dpLP]:/;

/**
 * The readers as stored: an entry a group principal opens is also the administrators' (they hold every
 * permission and read every department's), so `admin` is added where a feature left it out. That makes an
 * administrator's principals three (principalsOf), not one per permission: each costs a search its own
 * index scan.
 */
function storedReaders(readers: readonly string[]): readonly string[] {
  return readers.some((r) => GROUP_PRINCIPAL.test(r)) && !readers.includes(READER.admin) ? [...readers, READER.admin] : readers;
}

/** An entry as stored: its texts cut to their columns, its readers with the administrators where a group opens it. */
function entryOf(doc: SearchDoc): repo.EntryRow & { readers: readonly string[] } {
  return {
    kind: doc.kind,
    ref_id: doc.refId,
    module: doc.module ?? null,
    title: doc.title.slice(0, 300),
    body: doc.body.slice(0, BODY_MAX),
    link: doc.link.slice(0, 300),
    updated_at: doc.updatedAt,
    visible_from: doc.visibleFrom ?? null,
    readers: storedReaders(doc.readers),
  };
}

export async function indexEntry(trx: Db, doc: SearchDoc): Promise<void> {
  await repo.insertEntries(trx, [entryOf(doc)], true);
}

export async function removeEntry(trx: Db, kind: SearchKind, refId: string): Promise<void> {
  await repo.deleteEntry(trx, kind, refId);
}

/** The plain text of a record's form data (strings and numbers; file lists, ids and sealed values left out). */
function formText(data: string): string {
  try {
    const v: unknown = JSON.parse(data);
    if (!v || typeof v !== 'object') return '';
    return (
      Object.values(v as Record<string, unknown>)
        .filter((x): x is string | number => typeof x === 'string' || typeof x === 'number')
        .map(String)
        // file and record ids, and sealed values (ID and bank card numbers are never indexed in any form)
        .filter((s) => !/^(f[0-9a-f]{30}|R[0-9a-z]+)$/.test(s) && !isSealed(s))
        .join(' ')
    );
  } catch {
    return '';
  }
}

/** Who may read a business record, by its module's rules (records.access.ts / register.access.ts). */
function recordReaders(m: AnyModule, row: { applicant: string; status: string; dept: string | null; data: string }): string[] {
  const own = READER.user(row.applicant);
  if (m.kind === 'register') {
    const o = registerOptionsOf(m);
    if (o.visibility === 'owner') return [own];
    const out = [own, READER.perm(m.permissions.manage), READER.admin];
    if (o.visibility === 'self') return out;
    let data: Record<string, unknown> = {};
    try {
      data = JSON.parse(row.data) as Record<string, unknown>;
    } catch {
      /* empty */
    }
    const passes = Object.entries(o.readerFilter ?? {}).every(([k, allowed]) => allowed.includes(String(data[k] ?? '')));
    if (passes) out.push(READER.perm(m.permissions.read));
    return out;
  }
  if (row.status === 'draft') return [own];
  const out = [own, READER.perm(m.permissions.manage), READER.admin];
  if (m.scope === 'dept' && row.dept) out.push(READER.leader(row.dept));
  return out;
}

type RecordRowLike = Pick<
  Awaited<ReturnType<typeof repo.recordRows>>[number],
  'id' | 'module' | 'title' | 'serial_no' | 'data' | 'updated_at' | 'applicant' | 'status' | 'dept'
>;

function recordDoc(row: RecordRowLike): SearchDoc | null {
  const m = moduleByCode(row.module);
  if (!m || m.engine === 'area') return null;
  const kind: SearchKind = m.kind === 'register' ? 'register' : 'record';
  const link = m.kind === 'register' ? m.routes.list : `${m.routes.preview ?? m.routes.list}?id=${encodeURIComponent(row.id)}`;
  return {
    kind,
    refId: row.id,
    module: m.code,
    title: row.title || m.name,
    body: `${m.name} ${row.serial_no ?? ''} ${formText(row.data)}`,
    link,
    updatedAt: row.updated_at,
    readers: recordReaders(m, row),
  };
}

/**
 * The records engine calls this after it inserts or updates business records (same transaction): their entries
 * are written 500 to a statement (an import of 10,000 rows spent most of its time here, an entry at a time).
 */
export async function indexRecords(trx: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await writeRecordEntries(trx, await repo.recordRows(trx, ids.slice(i, i + 500)), true);
}

/**
 * The entries of records just inserted, from the rows as written (their `data` sealed, as stored): nothing to read
 * back and no entry to replace (an import's batches spent a third of their index time on both).
 */
export async function indexNewRecords(trx: Db, rows: readonly RecordRowLike[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await writeRecordEntries(trx, rows.slice(i, i + 500), false);
}

async function writeRecordEntries(trx: Db, rows: readonly RecordRowLike[], replace: boolean): Promise<void> {
  const docs = rows.map(recordDoc).filter((d): d is SearchDoc => d !== null);
  if (docs.length) await repo.insertEntries(trx, docs.map(entryOf), replace);
}

export async function removeRecord(trx: Db, id: string): Promise<void> {
  await repo.deleteEntry(trx, 'record', id);
  await repo.deleteEntry(trx, 'register', id);
}

/** The users feature calls this after it writes a user: enabled people are found by everyone logged in. */
export async function indexPerson(trx: Db, userCode: string): Promise<void> {
  const u = await repo.personRow(trx, userCode);
  if (!u || u.status !== 'Y') return repo.deleteEntry(trx, 'person', userCode);
  await indexEntry(trx, {
    kind: 'person',
    refId: u.user_code,
    title: u.user_name,
    body: [u.dept_name, u.position, u.pinyin, u.pinyin_initials].filter(Boolean).join(' '),
    link: `/address/detail?userCode=${encodeURIComponent(u.user_code)}`,
    updatedAt: u.updated_at,
    readers: [READER.all],
  });
}

/** The file store calls this after it stores an upload: internal files for everyone, private ones for owner and admins. */
export async function indexFile(trx: Db, fileId: string): Promise<void> {
  const f = await repo.fileRow(trx, fileId);
  if (!f || f.deleted_at || f.kind === 'avatar' || f.kind === 'signature') return repo.deleteEntry(trx, 'file', fileId);
  await indexEntry(trx, {
    kind: 'file',
    refId: f.id,
    title: f.original_name,
    body: `${f.ext} 文件`,
    link: `file:${f.id}`,
    updatedAt: f.created_at,
    readers: f.scope === 'internal' ? [READER.all] : [READER.user(f.owner), READER.admin],
  });
}

/**
 * The reader's principals: everyone, themselves, their department, their permissions (those held per
 * department, PERMS_IN_DEPT, also paired with their own department), the departments they lead. An
 * administrator's are everyone, themselves and `admin`: every entry a group principal opens names
 * `admin` too (storedReaders).
 */
export async function principalsOf(
  db: Db,
  user: { userCode: string; deptCode: string | null; roleCodes: readonly string[]; isAdmin: boolean; permissions: Iterable<string> },
): Promise<string[]> {
  if (user.isAdmin) return [READER.all, READER.user(user.userCode), READER.admin];
  const out = new Set<string>([READER.all, READER.user(user.userCode)]);
  if (user.deptCode) out.add(READER.dept(user.deptCode));
  for (const p of user.permissions) {
    out.add(READER.perm(p));
    if (user.deptCode && PERMS_IN_DEPT.has(p)) out.add(READER.permInDept(p, user.deptCode));
  }
  if (user.roleCodes.includes(ROLE.DEPT_LEADER)) {
    const all = await repo.deptTree(db);
    const stack = all.filter((d) => d.leader_user_code === user.userCode).map((d) => d.dept_code);
    if (user.deptCode) stack.push(user.deptCode);
    const seen = new Set<string>();
    while (stack.length) {
      const c = stack.pop()!;
      if (seen.has(c)) continue;
      seen.add(c);
      out.add(READER.leader(c));
      for (const d of all) if (d.parent_code === c) stack.push(d.dept_code);
    }
  }
  return [...out];
}

/**
 * What exists and is not indexed yet (a database from before the index, rows the seed wrote), one bounded
 * step per iteration: people and files (small tables) at once, then records and missing bigrams in pages
 * of ids. Idempotent.
 */
export async function* searchBackfillSteps(db: Db): AsyncGenerator<void> {
  await db.transaction().execute(async (trx) => {
    for (const u of await repo.unindexedUsers(trx)) await indexPerson(trx, u);
    for (const f of await repo.unindexedFiles(trx)) await indexFile(trx, f);
  });
  yield;
  for (let after = ''; ;) {
    const { last, ids } = await repo.unindexedAfter(db, { table: 'business_record', kinds: ['record', 'register'] }, after, 5000);
    if (last === null) break;
    if (ids.length) await db.transaction().execute(async (trx) => indexRecords(trx, ids));
    after = last;
    yield;
  }
  for (let after = 0; ;) {
    const { last } = await repo.backfillGrams(db, after);
    if (last === null) break;
    after = last;
    yield;
  }
}

/** Runs every step of the search back-fill now (the seed). */
export async function backfillSearchIndex(db: Db): Promise<void> {
  for await (const _ of searchBackfillSteps(db));
}

/**
 * A start-up back-fill of `source` (`BACKFILL_SOURCES`), run once per database: when a complete pass is over,
 * `source` is marked done (search_backfill) and later starts only read the mark. A pass that takes
 * longer than `budgetMs` (a large database after an upgrade) goes on in the background so that the server
 * answers meanwhile: `rest` settles when it is over (the caller waits for it on close).
 */
export async function runBackfill(
  db: Db,
  source: string,
  steps: AsyncIterable<unknown>,
  budgetMs = 1000,
): Promise<{ rest: Promise<void> }> {
  if (await repo.backfillDone(db, source)) return { rest: Promise.resolve() };
  const it = steps[Symbol.asyncIterator]();
  const done = () => repo.markBackfillDone(db, source, nowIso());
  const until = Date.now() + budgetMs;
  while (Date.now() < until)
    if ((await it.next()).done) {
      await done();
      return { rest: Promise.resolve() };
    }
  const finish = async () => {
    // a step of SQLite (synchronous driver) never leaves the event loop: let requests in between steps
    while (!(await it.next()).done) await nextTurn();
    await done();
  };
  return { rest: finish() };
}

export const clearBackfillMarks = repo.clearBackfillMarks;

/**
 * A search's page (issue 35). With the request's change counters (`req.auth.versions`) it is kept in memory while
 * the search counter (entries, readers, CC copies: migration 133) and the to-do counter (tasks and instances, by
 * which a participant reads) are unchanged and no entry's `visible_from` is passed (db/answer-memo.ts), keyed by
 * the reader's scope, the words and the page.
 */
export async function searchQuery(db: Db, f: repo.SearchFilter, versions?: { search: number; todo: number }) {
  if (!versions || !Number.isFinite(versions.search)) return repo.searchEntries(db, f);
  const since = await repo.visibleSince(db, versions.search, f.now);
  const more = JSON.stringify([f.q, f.countUpTo]);
  return memoAnswer(db, 'search', [versions.search, versions.todo], repo.searchKey(db, f, since), () => repo.searchEntries(db, f), more);
}
