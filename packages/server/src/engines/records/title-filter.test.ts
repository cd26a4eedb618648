import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { base } from '../../../test/records/records-fixture';
import type { Db } from '../../db/database';
import type { RecordRow } from './records.repository';
import { sql } from 'kysely';
import { TITLE_KEYWORD_TUNING, titlePhrase } from './title-keyword.repository';

const DIALECTS = await testDialects();
const probe = TITLE_KEYWORD_TUNING.probe;

/**
 * Issue 35: a title keyword reads only the module's own entries of the title index (migration 120). Whatever the
 * index, a keyword list answers what the list without it answers, filtered by "the title contains the words"
 * (lower case): for common, rare, short and wildcard words, in several modules, for the manager's view, one's own
 * rows and a department leader's, through title edits, a record moved to another module and deletes.
 */

const MODULES = ['oa_stamp', 'oa_leave', 'oa_borrow'];
const ROWS = 420;

function title(module: string, i: number): string {
  if (i % 97 === 5) return `斑马年检${module}${i}`;
  switch (i % 7) {
    case 0:
      return `规模测试申请${i}合作协议`;
    case 1:
      return `合作协X作协议${i}`; // both trigrams of 作协议's neighbours, not the word
    case 2:
      return `AbC-合同${i}`;
    case 3:
      return `合作协议-补充${i}`;
    case 4:
      return i % 3 ? `年度会议${i}` : `合作%议_${i}`;
    default:
      return `设备采购${i}`;
  }
}

function row(module: string, i: number): RecordRow {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + module.length).toISOString();
  const applicant = i % 13 === 0 ? 'staff' : i % 11 === 0 ? 'leader' : `p${i % 40}`;
  const status = i % 10 === 0 ? 'draft' : i % 3 === 0 ? 'approved' : 'running';
  const dept = i % 4 === 0 ? 'D01' : `X${i % 9}`;
  return {
    id: `TF${module}${String(i).padStart(5, '0')}`,
    module,
    variant: null,
    serial_no: status === 'draft' ? null : `${module}-${i}`,
    title: title(module, i),
    status,
    applicant,
    applicant_name: applicant,
    dept,
    dept_name: dept,
    amount: null,
    data: '{}',
    instance_id: null,
    created_at: at,
    updated_at: at,
    submitted_at: status === 'draft' ? null : at,
    finished_at: null,
  };
}

const WORDS = [
  '合作协议',
  '作协议',
  '合作协',
  '斑马年检',
  'abc-合同',
  'ABC-合同1',
  '测试申请14',
  '合作%议',
  '议_2',
  '斑马',
  '合作协议-补充10',
];
const READERS = [
  { user: 'admin', view: 'manage' },
  { user: 'staff', view: 'mine' },
  { user: 'leader', view: 'mine' },
] as const;

describe.each(DIALECTS)('title keyword of a module list on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = t.ctx.db;
    for (const u of ['admin', 'staff', 'leader']) tokens[u] = await t.login(u);
    for (const m of MODULES)
      for (let i = 0; i < ROWS; i += 200)
        await db
          .insertInto('business_record')
          .values(Array.from({ length: Math.min(200, ROWS - i) }, (_, k) => row(m, i + k)))
          .execute();
  }, 120_000);
  afterAll(async () => t?.close());

  type Item = { id: string; title: string };
  /** Every row of a list, page after page by cursor, and the first page's total. */
  async function walk(user: string, view: string, module: string, filters?: object) {
    const ids: Item[] = [];
    let total = -1;
    for (let after: string | null = null, n = 0; n < 100; n++) {
      const query: Record<string, string> = { pageSize: '50', ...(view === 'manage' ? { view } : {}) };
      if (filters) query.filters = JSON.stringify(filters);
      if (after) query.after = after;
      const res = await t.call('GET', `${base(module)}/list`, { token: tokens[user], query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { total: number; list: Item[]; nextCursor: string | null };
      if (total < 0) total = data.total;
      ids.push(...data.list.map((r) => ({ id: r.id, title: r.title })));
      after = data.nextCursor;
      if (!after) break;
    }
    return { ids, total };
  }

  /** Each reader's keyword lists of each module equal their whole list filtered by the words. */
  async function expectSameAsWithout(words: readonly string[]) {
    for (const { user, view } of READERS)
      for (const module of MODULES) {
        const all = (await walk(user, view, module)).ids;
        for (const w of words) {
          const expected = all.filter((r) => r.title.toLowerCase().includes(w.toLowerCase())).map((r) => r.id);
          const got = await walk(user, view, module, { title: w });
          const label = `${user} ${view} ${module} «${w}»`;
          expect(
            got.ids.map((r) => r.id),
            label,
          ).toEqual(expected);
          expect(got.total, label).toBe(expected.length);
        }
      }
  }

  it('answers what the list answers without the index, word by word, module by module, reader by reader', async () => {
    // the fixture holds common and rare words in every module, and rows of every reader
    const some = await walk('admin', 'manage', 'oa_stamp', { title: '合作协议' });
    expect(some.total).toBeGreaterThan(50);
    expect((await walk('staff', 'mine', 'oa_leave', { title: '合作协议' })).total).toBeGreaterThan(0);
    await expectSameAsWithout(WORDS);
    // every keyword common: pages walk the list's index, counts read the module's matches from the index
    TITLE_KEYWORD_TUNING.probe = 3;
    try {
      await expectSameAsWithout(WORDS);
    } finally {
      TITLE_KEYWORD_TUNING.probe = probe;
    }
  }, 300_000);

  it("reads only the module's entries of the index (a per-module key), from the index", async () => {
    await sql`analyze`.execute(db);
    const like = (w: string, module?: string) =>
      db
        .selectFrom('business_record')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('title', 'like', `%${w}%`)
        .$if(!!module, (q) => q.where('module', '=', module!))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const [inModule, everywhere] = [await like('合作协议', 'oa_stamp'), await like('合作协议')];
    expect(inModule).toBeLessThan(everywhere);
    if (dialect === 'sqlite') {
      const q = sql<{ n: number }>`select count(*) as n from business_record_title_gram
        where business_record_title_gram match ${titlePhrase('oa_stamp', '合作协议')}`;
      // the phrase is the word itself (its consecutive trigrams), in this module only
      expect(Number((await q.execute(db)).rows[0].n)).toBe(inModule);
      const plan = await sql<{ detail: string }>`explain query plan ${q}`.execute(db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/SCAN business_record_title_gram VIRTUAL TABLE INDEX \d+:M/);
    } else {
      const keys = sql`oa_title_keys(module, title) @> oa_title_keys('oa_stamp', '合作协议')`;
      const modules = await sql<{ module: string }>`select distinct module from business_record where ${keys}`.execute(db);
      expect(modules.rows.map((r) => r.module)).toEqual(['oa_stamp']);
      // the planner's choice among the indexes (a table scan left out), in one transaction's connection
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{
          'QUERY PLAN': string;
        }>`explain select id from business_record where module = 'oa_stamp' and ${keys} limit 500`.execute(trx);
      });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on idx_record_title_keys/);
    }
  });

  it('follows title edits, a record moved to another module and deletes', async () => {
    const id = (m: string, i: number) => row(m, i).id;
    await db.updateTable('business_record').set({ title: '斑马年检改名' }).where('id', '=', id('oa_stamp', 21)).execute();
    await db.updateTable('business_record').set({ title: '普通标题' }).where('id', '=', id('oa_stamp', 5)).execute();
    await db.updateTable('business_record').set({ module: 'oa_leave' }).where('id', '=', id('oa_stamp', 7)).execute();
    await db.deleteFrom('business_record').where('id', '=', id('oa_borrow', 3)).execute();
    await db
      .insertInto('business_record')
      .values({ ...row('oa_borrow', ROWS + 1), title: '斑马年检新增合作协议' })
      .execute();
    const manage = async (module: string, w: string) => (await walk('admin', 'manage', module, { title: w })).ids.map((r) => r.id);
    expect(await manage('oa_stamp', '斑马年检改名')).toEqual([id('oa_stamp', 21)]);
    expect(await manage('oa_stamp', '斑马年检oa_stamp5')).toEqual([]);
    // oa_leave's own row 7 has the same title
    expect((await manage('oa_leave', '规模测试申请7合作协议')).sort()).toEqual([id('oa_leave', 7), id('oa_stamp', 7)]);
    expect(await manage('oa_stamp', '规模测试申请7合作协议')).toEqual([]);
    const borrowed = await manage('oa_borrow', '合作协议-补充3');
    expect(borrowed.length).toBeGreaterThan(0);
    expect(borrowed).not.toContain(id('oa_borrow', 3));
    expect(await manage('oa_borrow', '斑马年检新增')).toEqual([id('oa_borrow', ROWS + 1)]);
    await expectSameAsWithout(['合作协议', '斑马年检', '作协议']);
    TITLE_KEYWORD_TUNING.probe = 3;
    try {
      await expectSameAsWithout(['合作协议', '斑马年检', '作协议']);
    } finally {
      TITLE_KEYWORD_TUNING.probe = probe;
    }
  }, 300_000);
});
