import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { fullScans, planText, recording } from '../../../test/query-plans';
import { userRow } from '../../../test/user-rows';
import * as pending from './pending.service';
import * as delegation from './delegation.service';
import { INSTANCE_KEYWORD_TUNING } from './instance-keywords.repository';

const DIALECTS = await testDialects();
const TABLES = ['wf_task', 'wf_instance', 'sys_user', 'wf_cc'] as const;
const USERS = 10_000;
const INSTANCES = 20_000;
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
const q = { pageNumber: 1, pageSize: 20 };

async function insertMany<T>(rows: T[], put: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await put(rows.slice(i, i + 500));
}

/** Every workflow list reads index ranges only: its plan shows no full scan of the big tables. */
describe.each(DIALECTS)('workflow list plans on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.ctx.db;
    const u = (i: number) => `pu${i % USERS}`;
    await insertMany(
      Array.from({ length: USERS }, (_, i) =>
        userRow(
          {
            user_code: `pu${i}`,
            user_name: `用户${i}`,
            dept_code: `D0${(i % 8) + 1}`,
            pinyin: `yonghu${i}`,
            pinyin_initials: 'yh',
            sort_no: i,
          },
          at(0),
        ),
      ),
      (c) => db.insertInto('sys_user').values(c).execute(),
    );
    await insertMany(
      Array.from({ length: INSTANCES }, (_, i) => ({
        id: `pi${i}`,
        definition_id: 'd',
        version: 1,
        module_code: `m${i % 20}`,
        record_id: `r${i}`,
        serial_no: `S${i}`,
        title: `申请${i}`,
        initiator: i % 100 === 7 ? 'busy' : u(i),
        dept_code: null,
        status: i % 3 ? ('running' as const) : ('approved' as const),
        form: '{}',
        picks: '{}',
        acted: 'N' as const,
        rev: 0,
        started_at: at(i),
        ended_at: null,
        last_urged_at: null,
        resume_node_id: null,
      })),
      (c) => db.insertInto('wf_instance').values(c).execute(),
    );
    // as the engine keeps it: a task is open only while its instance runs (instance i is running when i % 3 ≠ 0)
    const open = (i: number) => i % 2 === 1 && (i % INSTANCES) % 3 !== 0;
    await insertMany(
      Array.from({ length: INSTANCES * 3 }, (_, i) => ({
        id: `pt${i}`,
        instance_id: `pi${i % INSTANCES}`,
        module_code: `m${(i % INSTANCES) % 20}`,
        token_id: 'x',
        node_id: 'n',
        node_name: '审批',
        assignee: i % 200 === 1 || i % 200 === 2 ? 'busy' : u(i * 7),
        on_behalf_of: null,
        seq: 0,
        status: open(i) ? ('open' as const) : ('done' as const),
        result: open(i) ? null : 'approved',
        comment: null,
        signature_file_id: null,
        added: 'N' as const,
        wait_for: null,
        created_at: at(i),
        opened_at: null,
        acted_at: open(i) ? null : at(i + 5),
        due_at: null,
        timeout_count: 0,
      })),
      (c) => db.insertInto('wf_task').values(c).execute(),
    );
    await insertMany(
      Array.from({ length: INSTANCES }, (_, i) => ({
        id: `pc${i}`,
        instance_id: `pi${i}`,
        node_id: 'n',
        node_name: '抄送',
        user_code: i % 100 === 9 ? 'busy' : u(i * 3),
        created_at: at(i),
        read_at: null,
      })),
      (c) => db.insertInto('wf_cc').values(c).execute(),
    );
    await db.updateTable('sys_user').set({ user_code: 'busy', user_name: '忙碌的审批人' }).where('user_code', '=', 'pu1').execute();
    await sql`ANALYZE`.execute(db);
  }, 120_000);
  afterAll(() => t.close());

  /** The cursor after the first page of a list (read without recording). */
  const firstPages = {
    todo: () => pending.tasks(t.ctx.db, 'busy', 'todo', q),
    done: () => pending.tasks(t.ctx.db, 'busy', 'done', q),
    cc: () => pending.ccList(t.ctx.db, 'busy', q),
    mine: () => pending.mine(t.ctx.db, 'busy', q),
    monitor: () => pending.instances(t.ctx.db, {}, q),
  };
  const cursorOf = async (list: keyof typeof firstPages) => (await firstPages[list]()).nextCursor ?? undefined;

  const lists: Array<[string, (db: TestApp['ctx']['db']) => Promise<unknown>]> = [
    ['to-do', (db) => pending.tasks(db, 'busy', 'todo', q)],
    ['to-do, one module', (db) => pending.tasks(db, 'busy', 'todo', { ...q, moduleCode: 'm1' })],
    ['to-do, page 3 by number', (db) => pending.tasks(db, 'busy', 'todo', { pageNumber: 3, pageSize: 20 })],
    ['to-do, keyword', (db) => pending.tasks(db, 'busy', 'todo', { ...q, keyword: '申请1' })],
    ['to-do, rare keyword', (db) => pending.tasks(db, 'busy', 'todo', { ...q, keyword: '申请401' })],
    ['done, rare keyword', (db) => pending.tasks(db, 'busy', 'done', { ...q, keyword: '申请402' })],
    ['CC, rare keyword', (db) => pending.ccList(db, 'busy', { ...q, keyword: '申请1209' })],
    ['my applications, rare keyword', (db) => pending.mine(db, 'busy', { ...q, keyword: '申请1207' })],
    ['monitor, rare keyword', (db) => pending.instances(db, { keyword: '申请1234' }, q)],
    ['monitor, rare serial number', (db) => pending.instances(db, { keyword: 'S1234' }, q)],
    ['monitor, keyword of one module', (db) => pending.instances(db, { moduleCode: 'm14', keyword: '申请1234' }, q)],
    ['done', (db) => pending.tasks(db, 'busy', 'done', { ...q, moduleCode: 'm7' })],
    ['CC', (db) => pending.ccList(db, 'pu3', { ...q, read: 'N' })],
    ['my applications', (db) => pending.mine(db, 'pu5', { ...q, status: 'running' })],
    ['monitor, all', (db) => pending.instances(db, {}, q)],
    ['monitor, one module', (db) => pending.instances(db, { moduleCode: 'm3' }, q)],
    ['monitor, one status', (db) => pending.instances(db, { status: 'approved' }, q)],
    ['monitor, one module and status', (db) => pending.instances(db, { moduleCode: 'm3', status: 'running' }, q)],
    ['monitor, deepest page by number', (db) => pending.instances(db, {}, { pageNumber: 500, pageSize: 20 })],
    ['notifications', (db) => pending.notifications(db, 'pu7', { ...q, unreadOnly: 'N' })],
    ['unread counts', (db) => pending.unread(db, 'busy')],
    ['to-do, next page by cursor', async (db) => pending.tasks(db, 'busy', 'todo', { ...q, after: await cursorOf('todo') })],
    ['done, next page by cursor', async (db) => pending.tasks(db, 'busy', 'done', { ...q, after: await cursorOf('done') })],
    ['CC, next page by cursor', async (db) => pending.ccList(db, 'busy', { ...q, after: await cursorOf('cc') })],
    ['my applications, next page by cursor', async (db) => pending.mine(db, 'busy', { ...q, after: await cursorOf('mine') })],
    ['monitor, next page by cursor', async (db) => pending.instances(db, {}, { ...q, after: await cursorOf('monitor') })],
    ['delegations involving a user', (db) => delegation.list(db, { involving: 'pu7' }, q)],
  ];

  it.each(lists)('%s: no full scan of wf_task / wf_instance / sys_user', async (_name, run) => {
    const rec = recording(t.ctx.db);
    const answer = await run(rec.db);
    expect(answer).toBeTruthy();
    const queries = rec.taken();
    expect(queries.length).toBeGreaterThan(0);
    for (const cq of queries) expect(await fullScans(t.ctx.db, dialect, cq, TABLES), cq.sql).toEqual([]);
  });

  it('the to-do list answers names of its page and a bounded count', async () => {
    const page = await pending.tasks(t.ctx.db, 'busy', 'todo', q);
    expect(page.list.length).toBe(20);
    expect(page.list[0].assigneeName).toBe('忙碌的审批人');
    expect(page.list[0].initiatorName).toMatch(/^用户\d+$/);
    expect(page.totalCapped).toBe(false);
    expect(page.list.map((r) => r.createdAt)).toEqual([...page.list.map((r) => r.createdAt)].sort().reverse());
  });

  it('the to-do and done counts and the unread badge read wf_task alone (an open task belongs to a running instance)', async () => {
    const rec = recording(t.ctx.db);
    await pending.tasks(rec.db, 'busy', 'todo', q);
    await pending.tasks(rec.db, 'busy', 'done', q);
    await pending.unread(rec.db, 'busy');
    const counts = rec.taken().filter((cq) => /count\(/i.test(cq.sql) && /wf_task/.test(cq.sql));
    expect(counts).toHaveLength(3);
    for (const cq of counts) expect(cq.sql).not.toMatch(/wf_instance/);
  });

  it('of one module or by page number, the to-do count and the skipped tasks come from wf_task alone (migration 083)', async () => {
    const all = (await pending.tasks(t.ctx.db, 'busy', 'todo', { pageNumber: 1, pageSize: 100 })).list;
    const rec = recording(t.ctx.db);
    const byModule = await pending.tasks(rec.db, 'busy', 'todo', { ...q, moduleCode: 'm1' });
    const third = await pending.tasks(rec.db, 'busy', 'todo', { pageNumber: 3, pageSize: 20 });
    const ids = (l: Array<{ taskId?: string; id?: string }>) => l.map((r) => JSON.stringify(r));
    expect(byModule.list.length).toBeGreaterThan(0);
    expect(byModule.list.every((r) => r.moduleCode === 'm1')).toBe(true);
    expect(ids(byModule.list)).toEqual(ids(all.filter((r) => r.moduleCode === 'm1').slice(0, 20)));
    expect(ids(third.list)).toEqual(ids(all.slice(40, 60)));
    const taken = rec.taken();
    const counts = taken.filter((cq) => /count\(/i.test(cq.sql));
    expect(counts).toHaveLength(2);
    for (const cq of counts) expect(cq.sql).not.toMatch(/wf_instance/);
    // the page by number: the offset is taken inside a subquery over wf_task alone
    const page = taken.find((cq) => /"t"\."id" in \(select/i.test(cq.sql));
    expect(page?.sql).toMatch(/in \(select "t"\."id" from "wf_task" as "t" where [^()]* offset [^()]*\)/i);
  });

  it.each([
    ['the monitor', {}, 'idx_wf_inst_started'],
    ['the monitor of one module', { module_code: 'm3' }, 'idx_wf_inst_module_keys'],
    ['my applications', { initiator: 'busy' }, 'idx_wf_inst_initiator_keys'],
  ] as const)(
    '%s by page number: the skipped instances are index entries, the page no deeper than the counted rows',
    async (_n, f, index) => {
      const db = t.ctx.db;
      // PostgreSQL reads an index alone only for pages its visibility map knows are all visible
      if (dialect === 'postgres') await sql`vacuum analyze wf_instance`.execute(db);
      let all = db.selectFrom('wf_instance').select('id');
      for (const [k, v] of Object.entries(f)) all = all.where(k as 'initiator', '=', v);
      const expected = (await all.orderBy('started_at', 'desc').orderBy('id', 'desc').offset(180).limit(20).execute()).map((r) => r.id);
      const filter = 'module_code' in f ? { moduleCode: f.module_code } : f;
      const rec = recording(db);
      const page = await pending.instances(rec.db, filter, { pageNumber: 10, pageSize: 20 });
      expect(page.list.map((r) => r.instanceId)).toEqual(expected);
      const keys = rec.taken().find((cq) => /in \(select/i.test(cq.sql) && /offset/i.test(cq.sql))!;
      // the page's rows are read by id; the rows skipped to find them, from the index alone
      expect(keys.sql).toMatch(/"id" in \(select "id" from "wf_instance" (where .* )?order by [^()]* offset [^()]*\)/i);
      const plan = await planText(db, dialect, keys);
      expect(plan, `${keys.sql}\n${plan}`).toMatch(
        dialect === 'sqlite'
          ? new RegExp(`USING COVERING INDEX ${index}\\b`)
          : new RegExp(`Index Only Scan (Backward )?using ${index}\\b`, 'i'),
      );
      const tooDeep = pending.instances(db, filter, { pageNumber: 501, pageSize: 20 });
      await expect(tooDeep).rejects.toMatchObject({ status: 400, data: { field: 'pageNumber' } });
      // the last page the counted rows reach is still served by number
      await expect(pending.instances(db, {}, { pageNumber: 500, pageSize: 20 })).resolves.toMatchObject({
        total: 10_000,
        totalCapped: true,
      });
    },
  );

  // SQLite plans the same on the test data as at scale; PostgreSQL picks by its statistics (checked on the scale data)
  it.runIf(dialect === 'sqlite')('the monitor by module and status counts and pages from one index range (migration 085)', async () => {
    const rec = recording(t.ctx.db);
    await pending.instances(rec.db, { moduleCode: 'm3', status: 'running' }, q);
    const taken = rec.taken().filter((cq) => /from "wf_instance"/.test(cq.sql) && /"status" = /.test(cq.sql));
    expect(taken.length).toBeGreaterThan(0);
    for (const cq of taken) expect(await planText(t.ctx.db, dialect, cq), cq.sql).toMatch(/idx_wf_inst_module_status/);
  });

  // a rare keyword is looked up in the instances' trigram index (migration 086); a probe of 1 makes every list
  // walk its own index and check each row: both answer the same
  const keywordLists: Array<[string, () => Promise<{ list: unknown[]; total: number }>]> = [
    ['to-do', () => pending.tasks(t.ctx.db, 'busy', 'todo', { ...q, keyword: '申请401' })],
    ['done', () => pending.tasks(t.ctx.db, 'busy', 'done', { ...q, keyword: '申请402' })],
    ['CC', () => pending.ccList(t.ctx.db, 'busy', { ...q, keyword: '申请1209' })],
    ['my applications', () => pending.mine(t.ctx.db, 'busy', { ...q, keyword: '申请1207' })],
    ['monitor', () => pending.instances(t.ctx.db, { keyword: '申请1234' }, q)],
    ['monitor, serial number in another case', () => pending.instances(t.ctx.db, { keyword: 's1234' }, q)],
    ['monitor, a wildcard taken as written', () => pending.instances(t.ctx.db, { keyword: '申请_23' }, q)],
    [
      'monitor, of one module and status',
      () => pending.instances(t.ctx.db, { moduleCode: 'm14', status: 'running', keyword: '申请123' }, q),
    ],
    ['monitor, no match', () => pending.instances(t.ctx.db, { keyword: '没有这个' }, q)],
  ];
  it.each(keywordLists)('%s: a rare keyword answers through the trigram index as through the walk', async (_name, run) => {
    // durationMs runs on with the clock
    const answer = async () => JSON.stringify(await run(), (k, v: unknown) => (k === 'durationMs' ? undefined : v));
    const looked = await answer();
    expect(looked).toMatch(/"total":/);
    const probe = INSTANCE_KEYWORD_TUNING.probe;
    INSTANCE_KEYWORD_TUNING.probe = 1;
    try {
      expect(looked).toBe(await answer());
    } finally {
      INSTANCE_KEYWORD_TUNING.probe = probe;
    }
  });
  it('a rare keyword finds its instances', async () => {
    const found = await pending.instances(t.ctx.db, { keyword: '申请1234' }, q);
    expect(found.total).toBe(11);
    expect(found.list.every((r) => r.title.includes('申请1234'))).toBe(true);
    expect((await pending.tasks(t.ctx.db, 'busy', 'todo', { ...q, keyword: '申请401' })).list.map((r) => r.title)).toContain('申请401');
    // SQLite's LIKE folds ASCII case, PostgreSQL's does not
    expect((await pending.instances(t.ctx.db, { keyword: 's1234' }, q)).total).toBe(dialect === 'sqlite' ? 11 : 0);
    expect((await pending.instances(t.ctx.db, { keyword: '申请_23' }, q)).total).toBe(0);
  });

  type Db = TestApp['ctx']['db'];
  const p2 = (after?: string) => ({ pageNumber: 2, pageSize: 20, after });
  const secondPages: Array<[keyof typeof firstPages, (db: Db, after?: string) => Promise<{ list: unknown[]; nextCursor: string | null }>]> =
    [
      ['todo', (db, after) => pending.tasks(db, 'busy', 'todo', p2(after))],
      ['done', (db, after) => pending.tasks(db, 'busy', 'done', p2(after))],
      ['cc', (db, after) => pending.ccList(db, 'busy', p2(after))],
      ['mine', (db, after) => pending.mine(db, 'busy', p2(after))],
      ['monitor', (db, after) => pending.instances(db, {}, p2(after))],
    ];
  it.each(secondPages)('%s: the page after a cursor is the next page, read from an index range', async (list, second) => {
    const first = await firstPages[list]();
    expect(first.nextCursor).toMatch(/^[^~]+~[^~]+$/);
    const byOffset = await second(t.ctx.db);
    const rec = recording(t.ctx.db);
    const byCursor = await second(rec.db, first.nextCursor!);
    const ids = (l: unknown[]) => l.map((r) => JSON.stringify(r).slice(0, 60));
    expect(ids(byCursor.list)).toEqual(ids(byOffset.list));
    expect(byCursor.list.length).toBe(20);
    // the page query starts at the cursor in its index instead of walking the rows before it
    const pageQuery = rec.taken().find((cq) => /order by/i.test(cq.sql) && /</.test(cq.sql) && !/count/i.test(cq.sql))!;
    const plan = await planText(t.ctx.db, dialect, pageQuery);
    if (dialect === 'sqlite')
      expect(plan, pageQuery.sql).toMatch(/USING (COVERING )?INDEX \w+ \(.*\(?(created_at|acted_at|started_at)(,id\))?</);
    else expect(plan, pageQuery.sql).toMatch(/Index (Only )?Scan.* USING \w+ \(.*(created_at|acted_at|started_at).* <=? /);
  });
});
