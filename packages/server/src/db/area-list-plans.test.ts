import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { fullScans, recording } from '../../test/query-plans';

const DIALECTS = await testDialects();

/** The tables of the newer areas that grow with use (one row per article, read, topic, meeting, slip, task…). */
const GROWING = [
  'news_article',
  'news_read',
  'news_recommend',
  'space_topic',
  'space_post',
  'meeting',
  'meeting_invitee',
  'meeting_live',
  'oa_weekly_period',
  'oa_weekly_section',
  'oa_weekly_item',
  'oa_salary_batch',
  'oa_salary_slip',
  'oa_supervise_task',
  'oa_supervise_subtask',
  'subject',
  'archive_item',
  'wf_instance',
  'sys_directory_sync_run',
  'doc_unit_contact',
] as const;

/**
 * Each list page of the areas (news, spaces, meetings, weekly reports, salary, supervision, subjects,
 * archive, the records a print template is previewed with, the directory sync's runs) as the person who opens it, with its default query: the page the screen asks first.
 * Keyword searches ("contains") are left out: they check a bounded window, not an index.
 */
const PAGES: Array<{ who: string; path: string; query?: Record<string, string> }> = [
  { who: 'staff', path: '/oa/api/auth/oa/news/list', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'staff', path: '/oa/api/auth/oa/news/list', query: { pageNumber: '1', pageSize: '10', view: 'mine' } },
  { who: 'admin', path: '/oa/api/auth/oa/news/list', query: { pageNumber: '1', pageSize: '10', view: 'manage' } },
  { who: 'staff', path: '/oa/api/auth/oa/news/latest' },
  { who: 'admin', path: '/oa/api/auth/oa/news/recommendList', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'staff', path: '/oa/api/auth/oa/spaces/list', query: { pageNumber: '1', pageSize: '10', kind: 'public' } },
  { who: 'staff', path: '/oa/api/auth/oa/spaces/list', query: { pageNumber: '1', pageSize: '10', kind: 'dept' } },
  { who: 'staff', path: '/oa/api/auth/oa/spaces/latest' },
  { who: 'staff', path: '/oa/api/auth/industry/meeting/ordinary/meetingList', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'admin', path: '/oa/api/auth/industry/meeting/ordinary/meetingList', query: { pageNumber: '1', pageSize: '10', view: 'all' } },
  { who: 'staff', path: '/oa/api/auth/industry/meeting/ordinary/meetingLiveList', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'admin', path: '/oa/api/auth/oa/weekly/periods', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'admin', path: '/oa/api/auth/oa/salary/batches', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'staff', path: '/oa/api/auth/oa/salary/mine', query: { pageNumber: '1', pageSize: '12' } },
  { who: 'staff', path: '/oa/api/auth/oa/supervise/list', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'admin', path: '/oa/api/auth/oa/supervise/list', query: { pageNumber: '1', pageSize: '10', scope: 'all' } },
  { who: 'admin', path: '/oa/api/auth/oa/archive/list', query: { pageNumber: '1', pageSize: '10' } },
  { who: 'admin', path: '/oa/api/auth/oa/print-template/records', query: { moduleCode: 'oa_stamp' } },
  { who: 'admin', path: '/oa/api/auth/oa/ldapSync/state' },
  // 成员单位: the register counts each unit's contacts and lists one unit's (doc_unit_contact by unit)
  { who: 'staff', path: '/oa/api/auth/oa/memberUnits/list' },
  { who: 'staff', path: '/oa/api/auth/oa/memberUnits/contacts', query: { unitId: 'MU01' } },
];

/**
 * Issue 18, the newer areas: a list page never reads a whole growing table. On the demo data a planner
 * would rightly scan a table of ten rows, so the question asked of each captured query is whether an index
 * can serve it at all: SQLite plans without statistics (it assumes large tables), PostgreSQL plans with
 * sequential scans disabled for the EXPLAIN (a Seq Scan left then means no index fits).
 */
describe.each(DIALECTS)('area list plans on %s', (dialect) => {
  let t: TestApp;
  let taken: () => CompiledQuery[];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const u of ['staff', 'admin']) tokens[u] = await t.login(u);
    // salary slips open after the person confirms their password
    await t.call('POST', '/oa/api/auth/oa/salary/verify', { token: tokens.staff, body: { password: hashPassword('Oa@123456') } });
    if (dialect === 'sqlite') await sql`drop table if exists sqlite_stat1`.execute(t.ctx.db).catch(() => undefined);
    const rec = recording(t.ctx.db);
    taken = rec.taken;
    t.ctx.db = rec.db;
  }, 120_000);
  afterAll(async () => t?.close());

  async function scansOf(q: CompiledQuery): Promise<string[]> {
    if (dialect === 'sqlite') return fullScans(t.ctx.db, dialect, q, GROWING);
    return t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return fullScans(trx, dialect, q, GROWING);
    });
  }

  it.each(PAGES)('$who $path $query reads indexes only', async ({ who, path, query }) => {
    taken();
    const res = await t.call('GET', path, { token: tokens[who], query });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.code, res.body.message).toBe(0);
    const queries = taken().filter((q) => /^\s*(select|with)\b/i.test(q.sql) && GROWING.some((g) => q.sql.includes(`"${g}"`)));
    const found: string[] = [];
    for (const q of queries) for (const s of await scansOf(q)) found.push(`${s}\n  ${q.sql}`);
    expect(found, found.join('\n')).toEqual([]);
  });
});
