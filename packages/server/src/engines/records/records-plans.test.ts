import ExcelJS from 'exceljs';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@oa/shared/contract/records';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import type { Db } from '../../db/database';
import type { RecordRow } from './records.repository';
import { base } from '../../../test/records/records-fixture';
import { signedHeaders } from '../../../test/signed-headers';
import { insertEntries } from '../../core/search/search-index.repository';

const DIALECTS = await testDialects();

/**
 * Issue 18: every query a module or register list runs is read from an index. A realistic table
 * (20,000 rows over 15 modules, ANALYZEd) is filled, the lists are called through the API while every
 * SQL statement is captured, and each captured SELECT on business_record is EXPLAINed: a full scan of
 * the table (SQLite `SCAN business_record`, PostgreSQL `Seq Scan on business_record`) fails the test.
 * No planner switch is touched (enable_seqscan stays on).
 */

const FILLER_MODULES = Array.from({ length: 12 }, (_, i) => `x_filler_${i}`);
const SEALS = ['公章', '合同专用章', '财务专用章', '法人章'];
const ROWS = { oa_stamp: 2400, oa_leave: 1600, biz_license: 1600, oa_borrow: 1600, filler: 1200 };

/** 'YYYY-MM-DD' of the i-th hour after 2024-01-01 (a leave of row i runs two days from its creation). */
const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);

function row(module: string, i: number, over: Partial<RecordRow> = {}): RecordRow {
  const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 + module.length).toISOString();
  const applicant = i % 97 === 0 ? 'staff' : i % 89 === 0 ? 'leader' : `p${i % 400}`;
  const dept = i % 19 === 0 ? 'D01' : `X${String(i % 30).padStart(2, '0')}`;
  const status = i % 10 === 0 ? 'draft' : i % 3 === 0 ? 'approved' : 'running';
  // '党委章' is rare (about 1 row in 300): a selective field filter
  const data =
    module === 'oa_stamp'
      ? { reason: `事由${i}`, sealType: i % 300 === 7 ? '党委章' : SEALS[i % 4], copies: (i % 9) + 1, files: [] }
      : module === 'biz_license'
        ? { name: `证照${i}`, type: '营业执照', licenseNo: `L${i}`, lendState: i % 250 === 3 ? '已借出' : '在库' }
        : module === 'oa_borrow'
          ? { amount: (i % 800) * 10 + 0.5, borrowDate: '2024-01-02', repayState: '未还' }
          : module === 'oa_leave'
            ? { leaveType: '事假', days: 1, reason: `r${i}`, dateRange: [day(i), day(i + 48)] }
            : { leaveType: '事假', days: 1, reason: `r${i}` };
  const title = i % 500 === 11 ? `斑马季度检查${i}` : `${module}-申请-${i}`;
  return {
    id: `T${module}${String(i).padStart(6, '0')}`,
    module,
    variant: null,
    serial_no: status === 'draft' ? null : `${module}-${i}`,
    title,
    status,
    applicant,
    applicant_name: applicant,
    dept,
    dept_name: dept,
    amount: null,
    data: JSON.stringify(data),
    instance_id: null,
    created_at: at,
    updated_at: at,
    submitted_at: status === 'draft' ? null : at,
    finished_at: null,
    ...over,
  };
}

async function fill(db: Db, module: string, n: number, from = 0): Promise<void> {
  for (let i = from; i < from + n; i += 500) {
    const chunk = Array.from({ length: Math.min(500, from + n - i) }, (_, k) => row(module, i + k));
    await db.insertInto('business_record').values(chunk).execute();
  }
}

/** Collects the compiled SQL of every query the app runs while `on` is set. */
function captor(db: () => Db) {
  const seen: CompiledQuery[] = [];
  let on = false;
  const plugin: KyselyPlugin = {
    transformQuery(args): RootOperationNode {
      if (on) seen.push(db().getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return {
    plugin,
    async during(fn: () => Promise<unknown>): Promise<CompiledQuery[]> {
      seen.length = 0;
      on = true;
      try {
        await fn();
      } finally {
        on = false;
      }
      return seen.filter((q) => /^\s*(select|with)\b/i.test(q.sql) && /\bbusiness_record\b/.test(q.sql));
    },
  };
}

describe.each(DIALECTS)('list query plans at scale on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let tokens: Record<string, string>;
  const cap = captor(() => db);

  async function plan(q: CompiledQuery): Promise<string> {
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const res = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    return res.rows.map((r) => String(dialect === 'sqlite' ? r.detail : r['QUERY PLAN'])).join('\n');
  }
  const fullScan = dialect === 'sqlite' ? /^\s*SCAN business_record\b(?!_)/m : /Seq Scan on business_record\b/;

  /** The plans of the last expectIndexed call, one per captured query (with its SQL). */
  let lastPlans: Array<{ sql: string; plan: string }> = [];
  /** Calls the API, EXPLAINs what it ran on business_record, fails on a full scan; answers the response. */
  async function expectIndexed(label: string, call: () => Promise<{ status: number; body: { code: number; data: unknown } }>) {
    let res: { status: number; body: { code: number; data: unknown } } | undefined;
    // as after a write: the page and its total are read, not answered from memory (db/answer-memo.ts)
    await db
      .updateTable('business_record_version')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    const queries = await cap.during(async () => {
      res = await call();
    });
    expect(res?.status, label).toBe(200);
    expect(queries.length, `${label}: no list query captured`).toBeGreaterThan(0);
    lastPlans = [];
    for (const q of queries) {
      const p = await plan(q);
      lastPlans.push({ sql: q.sql, plan: p });
      if (process.env.PLAN_DEBUG) console.log(`-- ${label}\n${q.sql}\n${p}\n`);
      expect(fullScan.test(p), `${label}: full scan\n${q.sql}\n${p}`).toBe(false);
    }
    return res!;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tokens = {};
    for (const u of ['staff', 'leader', 'admin']) tokens[u] = await t.login(u);
    await fill(t.ctx.db, 'oa_stamp', ROWS.oa_stamp);
    await fill(t.ctx.db, 'oa_leave', ROWS.oa_leave);
    await fill(t.ctx.db, 'biz_license', ROWS.biz_license);
    await fill(t.ctx.db, 'oa_borrow', ROWS.oa_borrow);
    for (const m of FILLER_MODULES) await fill(t.ctx.db, m, ROWS.filler);
    // the search index holds the titles too: its bigram statistics tell which part of a keyword is rare
    await t.ctx.db.transaction().execute((trx) =>
      insertEntries(
        trx,
        Array.from({ length: ROWS.oa_stamp }, (_, i) => ({
          kind: 'article',
          ref_id: `Ztitle${i}`,
          module: null,
          title: row('oa_stamp', i).title,
          body: '',
          link: '/x',
          updated_at: row('oa_stamp', i).created_at,
          visible_from: null,
          readers: ['all'],
        })),
      ),
    );
    await t.ctx.db.executeQuery(CompiledQuery.raw(dialect === 'sqlite' ? 'analyze' : 'vacuum analyze business_record'));
    if (dialect === 'postgres') await t.ctx.db.executeQuery(CompiledQuery.raw('analyze search_entry'));
    // from here on every query of the app goes through the captor
    db = t.ctx.db.withPlugin(cap.plugin);
    t.ctx.db = db;
  }, 180_000);
  afterAll(async () => t?.close());

  const get = (token: string, module: string, query: Record<string, string>) =>
    t.call('GET', `${base(module)}/list`, { token, query: { pageSize: '10', ...query } });

  it('module list visible to me: my own rows', async () => {
    const res = await expectIndexed('mine', () => get(tokens.staff, 'oa_stamp', {}));
    const data = res.body.data as { total: number; list: Array<{ applicant: string }>; totalCapped: boolean };
    expect(data.total).toBe(Math.ceil(ROWS.oa_stamp / 97));
    expect(data.totalCapped).toBe(false);
    expect(data.list.every((r) => r.applicant === 'staff')).toBe(true);
  });

  it("a department leader's list: own rows plus the departments' submitted rows", async () => {
    const res = await expectIndexed('leader', () => get(tokens.leader, 'oa_leave', {}));
    const data = res.body.data as { list: Array<{ applicant: string; dept: string; status: string }> };
    expect(data.list.length).toBe(10);
    for (const r of data.list) expect(r.applicant === 'leader' || (r.dept === 'D01' && r.status !== 'draft')).toBe(true);
  });

  it('manager view, deep pages by offset and by cursor', async () => {
    const first = await expectIndexed('manage', () => get(tokens.admin, 'oa_stamp', { view: 'manage' }));
    const p1 = first.body.data as { total: number; nextCursor: string; list: Array<{ id: string }> };
    expect(p1.total).toBe(ROWS.oa_stamp - ROWS.oa_stamp / 10);
    const deep = await expectIndexed('offset page', () => get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '200' }));
    const byOffset = deep.body.data as { list: Array<{ id: string }>; nextCursor: string };
    const p2 = await expectIndexed('cursor page', () =>
      get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '2', after: p1.nextCursor }),
    );
    const second = await get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '2' });
    expect((p2.body.data as { list: Array<{ id: string }> }).list.map((r) => r.id)).toEqual(
      (second.body.data as { list: Array<{ id: string }> }).list.map((r) => r.id),
    );
    const next = await get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '201', after: byOffset.nextCursor });
    const page201 = await get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '201' });
    expect(next.body.data.list.map((r: { id: string }) => r.id)).toEqual(page201.body.data.list.map((r: { id: string }) => r.id));
    expect((await get(tokens.admin, 'oa_stamp', { after: 'no-tilde' })).status).toBe(400);
  });

  it('register list', async () => {
    const res = await expectIndexed('register', () => get(tokens.admin, 'biz_license', {}));
    expect((res.body.data as { total: number }).total).toBe(ROWS.biz_license);
  });

  it('keyword in the title and a form-field filter', async () => {
    const kw = await expectIndexed('keyword', () =>
      get(tokens.admin, 'oa_stamp', { view: 'manage', filters: JSON.stringify({ title: '斑马季度' }) }),
    );
    const kwData = kw.body.data as { total: number; list: Array<{ title: string }> };
    expect(kwData.total).toBeGreaterThan(0);
    expect(kwData.list.every((r) => r.title.includes('斑马季度'))).toBe(true);
    const field = await expectIndexed('field filter', () =>
      get(tokens.admin, 'oa_stamp', { view: 'manage', filters: JSON.stringify({ sealType: '党委章' }) }),
    );
    const fieldData = field.body.data as { total: number; list: Array<{ data: { sealType: string } }> };
    expect(fieldData.total).toBeGreaterThan(0);
    expect(fieldData.list.every((r) => r.data.sealType === '党委章')).toBe(true);
    await expectIndexed('register field filter', () =>
      get(tokens.admin, 'biz_license', { filters: JSON.stringify({ lendState: '已借出' }) }),
    );
  });

  it('a title keyword whose start most titles share: PostgreSQL asks the trigram index for its rare part; wildcards are literal', async () => {
    const titles = async (title: string) => {
      const res = await expectIndexed(`keyword ${title}`, () =>
        get(tokens.admin, 'oa_stamp', { view: 'manage', pageSize: '50', filters: JSON.stringify({ title }) }),
      );
      return (res.body.data as { list: Array<{ title: string }> }).list.map((r) => r.title);
    };
    expect(await titles('STAMP-申请-1234')).toEqual(['oa_stamp-申请-1234']);
    // PostgreSQL asks the module's keys of `1234` (migration 120), the keyword is checked on the row (LIKE)
    if (dialect === 'postgres')
      expect(lastPlans.some((p) => p.sql.includes('oa_title_keys(') && p.plan.includes('idx_record_title_keys'))).toBe(true);
    // LIKE's wildcards are taken as written: `_` is an underscore, `%` a percent sign
    expect(await titles('OA_STAMP-申请-1234')).toEqual(['oa_stamp-申请-1234']);
    expect(await titles('oa%stamp-申请-1234')).toEqual([]);
    expect(await titles('%')).toEqual([]);
    // a keyword in more of the module's titles than a probe names (1,111 of 2,400): the page walks the list's index,
    // the count reads the module's matches from the title index
    const common = await expectIndexed('common keyword', () =>
      get(tokens.admin, 'oa_stamp', { view: 'manage', filters: JSON.stringify({ title: '申请-1' }) }),
    );
    expect((common.body.data as { total: number }).total).toBe(
      Array.from({ length: ROWS.oa_stamp }, (_, i) => row('oa_stamp', i)).filter((r) => r.status !== 'draft' && r.title.includes('申请-1'))
        .length,
    );
    expect(countPlan()).toMatch(dialect === 'sqlite' ? /VIRTUAL TABLE INDEX \d+:M/ : /idx_record_title_keys/);
  });

  it('a number range filter on a form field is read from its expression index', async () => {
    const res = await expectIndexed('number range', () =>
      get(tokens.admin, 'oa_borrow', { view: 'manage', pageSize: '50', filters: JSON.stringify({ amount: [1000, 1030] }) }),
    );
    const data = res.body.data as { total: number; list: Array<{ data: { amount: number } }> };
    // amounts 1000.5, 1010.5, 1020.5 (i % 800 = 100…102), two rows each, less the drafts (i % 10 = 0)
    const expected = Array.from({ length: ROWS.oa_borrow }, (_, i) => row('oa_borrow', i)).filter((r) => {
      const a = (JSON.parse(r.data) as { amount: number }).amount;
      return r.status !== 'draft' && a >= 1000 && a <= 1030;
    }).length;
    expect(expected).toBeGreaterThan(0);
    expect(data.total).toBe(expected);
    expect(data.list.every((r) => r.data.amount >= 1000 && r.data.amount <= 1030)).toBe(true);
    await expectIndexed('number from', () =>
      get(tokens.admin, 'oa_borrow', { view: 'manage', filters: JSON.stringify({ amount: [7980, null] }) }),
    );
  });

  /** The capped count among the last call's queries (count over a limited UNION ALL of ids). */
  const countPlan = () => {
    const c = lastPlans.find((q) => /count\(\*\)/i.test(q.sql) && /union all|limit/i.test(q.sql));
    expect(c, 'no count query captured').toBeDefined();
    return c!.plan;
  };
  /** Each branch of a count read from the index alone: SQLite a covering index, PostgreSQL an index-only scan. */
  const indexOnly = (index: string) =>
    dialect === 'sqlite' ? new RegExp(`USING COVERING INDEX ${index}\\b`) : new RegExp(`Index Only Scan (Backward )?using ${index}\\b`);

  it("the counts of the manager's and a leader's view never read the table", async () => {
    await expectIndexed('manage count', () => get(tokens.admin, 'oa_stamp', { view: 'manage' }));
    expect(countPlan()).toMatch(indexOnly('idx_record_visible'));
    await expectIndexed('leader count', () => get(tokens.leader, 'oa_leave', {}));
    expect(countPlan()).toMatch(indexOnly('idx_record_dept_visible'));
  });

  it('a common form-field value is counted from the field index, which carries the visibility columns', async () => {
    const res = await expectIndexed('common field value', () =>
      get(tokens.admin, 'oa_stamp', { view: 'manage', filters: JSON.stringify({ sealType: '公章' }) }),
    );
    const expected = Array.from({ length: ROWS.oa_stamp }, (_, i) => row('oa_stamp', i)).filter(
      (r) => r.status !== 'draft' && (JSON.parse(r.data) as { sealType: string }).sealType === '公章',
    ).length;
    expect((res.body.data as { total: number }).total).toBe(expected);
    // SQLite: every branch but my own rows reads the field's index (no module index checking the JSON per row);
    // the expression is read from the entry, so the table is never read for the count
    // PostgreSQL: the value is read from its slot column's index (never an expression index: those are not read
    // index-only), so neither is the table
    const p = countPlan();
    expect(p).toMatch(
      dialect === 'sqlite'
        ? /USING COVERING INDEX idx_rfv_oa_stamp_sealtype\b/
        : /Index Only Scan (Backward )?using idx_rs_oa_stamp_sealtype_s\d\b/,
    );
    expect(p).not.toMatch(/idx_record_visible\b/);
    // PostgreSQL: my own drafts are read from their own index and checked row by row (the slot's index carries the
    // applicant too, and would walk every row of the value to find them)
    if (dialect === 'postgres')
      expect(p).toMatch(
        /Index Scan using idx_record_drafts on business_record\b[^\n]*\n\s+Index Cond[^\n]*\n\s+Filter: \(\(\(data\)::jsonb/,
      );
    // a value on every row of a register (ANALYZE then rates the field's index no better than the module's)
    const all = await expectIndexed('value on every row', () =>
      get(tokens.admin, 'biz_license', { filters: JSON.stringify({ type: '营业执照' }) }),
    );
    expect((all.body.data as { total: number }).total).toBe(ROWS.biz_license);
    if (dialect === 'sqlite') expect(countPlan()).toMatch(/USING COVERING INDEX idx_rfv_biz_license_type\b/);
  });

  it('a date range form field (overlap) is read from the indexes of its ends', async () => {
    const [from, to] = ['2024-02-01', '2024-02-03'];
    const res = await expectIndexed('date range', () =>
      get(tokens.admin, 'oa_leave', { view: 'manage', pageSize: '100', filters: JSON.stringify({ dateRange: [from, to] }) }),
    );
    const expected = Array.from({ length: ROWS.oa_leave }, (_, i) => row('oa_leave', i)).filter((r) => {
      const [start, end] = (JSON.parse(r.data) as { dateRange: [string, string] }).dateRange;
      return r.status !== 'draft' && start <= to && end >= from;
    }).length;
    expect(expected).toBeGreaterThan(0);
    const data = res.body.data as { total: number; list: Array<{ data: { dateRange: [string, string] } }> };
    expect(data.total).toBe(expected);
    expect(data.list.every((r) => r.data.dateRange[0] <= to && r.data.dateRange[1] >= from)).toBe(true);
    expect(countPlan()).toMatch(/idx_(rfv|rs)_oa_leave_daterange_[01](_s\d)?\b/);
    await expectIndexed('date range from only', () =>
      get(tokens.admin, 'oa_leave', { view: 'manage', filters: JSON.stringify({ dateRange: ['2024-03-01', null] }) }),
    );
    expect(countPlan()).toMatch(/idx_(rfv|rs)_oa_leave_daterange_1(_s\d)?\b/);
  });

  it('a page by number skips rows by their keys in the index, and no deeper than the counted rows', async () => {
    await expectIndexed('offset keys', () => get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: '150' }));
    const keys = lastPlans.find((q) => /offset/i.test(q.sql));
    expect(keys, 'no offset query').toBeDefined();
    // the skipped rows are read from the index alone; the page's rows are then read by id
    expect(keys!.sql).not.toMatch(/select \*\s+from "business_record"/i);
    expect(keys!.plan).toMatch(indexOnly('idx_record_visible'));
    const deep = await get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: String(LIST_COUNT_CAP / 10 + 1) });
    expect(deep.status).toBe(400);
    expect(JSON.stringify(deep.body)).toContain('pageNumber');
    // the last page by number is still served
    expect((await get(tokens.admin, 'oa_stamp', { view: 'manage', pageNumber: String(LIST_COUNT_CAP / 10) })).status).toBe(200);
  });

  it('the title index follows record ids through title edits, deletes and a VACUUM', async () => {
    const raw = t.ctx.db.withoutPlugins();
    const leaveId = (i: number) => row('oa_leave', i).id;
    await raw.updateTable('business_record').set({ title: '犀牛年度盘点' }).where('id', '=', leaveId(21)).execute();
    await raw.deleteFrom('business_record').where('id', '=', leaveId(511)).execute();
    // gaps at the front of the table: a VACUUM may renumber the rowids of every later row
    await raw.deleteFrom('business_record').where('module', '=', FILLER_MODULES[0]).execute();
    if (dialect === 'sqlite') {
      await raw.executeQuery(CompiledQuery.raw('vacuum'));
      // what a VACUUM may do and a table rebuild does: new rowids for the same records
      await raw.executeQuery(CompiledQuery.raw(`update business_record set rowid = rowid + 10000000 where module = 'oa_leave'`));
    }
    await raw
      .insertInto('business_record')
      .values(row('oa_leave', 90_001, { title: '犀牛年度新增' }))
      .execute();
    const search = async (title: string) => {
      const res = await expectIndexed(`keyword ${title}`, () =>
        get(tokens.admin, 'oa_leave', { view: 'manage', pageSize: '50', filters: JSON.stringify({ title }) }),
      );
      return (res.body.data as { list: Array<{ id: string; title: string }> }).list.map((r) => `${r.id} ${r.title}`).sort();
    };
    expect(await search('犀牛年度')).toEqual([`${leaveId(21)} 犀牛年度盘点`, `${leaveId(90_001)} 犀牛年度新增`]);
    expect(await search('斑马季度')).toEqual([11, 1011, 1511].map((i) => `${leaveId(i)} 斑马季度检查${i}`));
    expect((await search('oa_leave-申请-21')).some((r) => r.startsWith(`${leaveId(21)} `))).toBe(false);
  });

  it('a 1–2 character keyword reads bounded windows, and paging by cursor finds every match', async () => {
    const raw = t.ctx.db.withoutPlugins();
    // more rows than one window (SCAN_WINDOW) of the manager's list
    await fill(raw, 'oa_leave', 6000, ROWS.oa_leave);
    const expected = (
      await raw
        .selectFrom('business_record')
        .select('id')
        .where('module', '=', 'oa_leave')
        .where('status', '!=', 'draft')
        .where('title', 'like', '%斑马%')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => r.id);
    const seen: string[] = [];
    const pages: Array<{ total: number; totalCapped: boolean; nextCursor: string | null; list: Array<{ id: string }> }> = [];
    for (let after: string | null = null; pages.length < 20;) {
      const cursor = after;
      const res = await expectIndexed(`short keyword, page ${pages.length + 1}`, () =>
        get(tokens.admin, 'oa_leave', { view: 'manage', filters: JSON.stringify({ title: '斑马' }), ...(cursor ? { after: cursor } : {}) }),
      );
      const page = res.body.data as (typeof pages)[number];
      pages.push(page);
      seen.push(...page.list.map((r) => r.id));
      after = page.nextCursor;
      if (!after) break;
    }
    // the total counts the first window's matches and says more rows remain to be searched
    expect(pages[0]).toMatchObject({ totalCapped: true });
    expect(pages[0].total).toBeGreaterThan(0);
    expect(pages[0].total).toBeLessThan(expected.length);
    expect(seen).toEqual(expected);
    // a "contains" form-field filter takes the same bounded path
    await expectIndexed('contains a form field', () =>
      get(tokens.admin, 'oa_leave', { view: 'manage', filters: JSON.stringify({ reason: 'r77' }) }),
    );
  });

  it('exports read in keyset chunks from the index', async () => {
    const res = await expectIndexed('export', () =>
      t.call('GET', `${base('oa_stamp')}/export`, { token: tokens.admin, query: { view: 'manage' } }),
    );
    expect(res.status).toBe(200);
  });

  it('counts up to 10,000 and says there are more', async () => {
    t.ctx.db = t.ctx.db.withoutPlugins();
    await fill(t.ctx.db, 'oa_stamp', LIST_COUNT_CAP, ROWS.oa_stamp);
    const res = await get(tokens.admin, 'oa_stamp', { view: 'manage' });
    expect(res.body.data).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true });
    // the export is not cut at the cap: every visible row is in the sheet (header + rows)
    const visible = Array.from({ length: ROWS.oa_stamp + LIST_COUNT_CAP }, (_, i) => row('oa_stamp', i)).filter(
      (r) => r.status !== 'draft',
    ).length;
    const file = await t.app.inject({
      method: 'GET',
      url: `${base('oa_stamp')}/export?view=manage`,
      headers: await signedHeaders(`${base('oa_stamp')}/export`, tokens.admin, t.config),
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].actualRowCount).toBe(visible + 1);
  }, 60_000);
});
