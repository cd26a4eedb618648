import type { RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM } from '@oa/shared/constants';
import { taskListQuery } from '@oa/shared/contract/workflow';
import { base } from '../test/records/records-fixture';
import { columnsRead, QueryRecorder, schemaColumns, type SchemaColumns } from '../test/query-columns';
import { approver, setupKit, users, type Kit } from '../test/workflow/wf-test-kit';
import { testDialects } from '../test/harness';
import { currentUserNames, loadGrantedFunctions } from './core/identity/identity.repository';
import { checkSession } from './core/identity/token-session';
import { directoryOf } from './features/address-book/address-book.directory';
import { instances, tasks } from './engines/workflow/pending.service';
import { READER, searchQuery } from './core/search/search-index';
import { CACHE_COUNTERS, MENU_VERSION_READS, type Watch } from './db/cache-dependencies';
import type { Db } from './db/database';

/** The queries whose answers (pages, totals) are kept under the records counter: exactly what `memoAnswer` is handed. */
const memoized = vi.hoisted(() => [] as RootOperationNode[]);
vi.mock('./db/answer-memo', async (original) => {
  const real = await original<typeof import('./db/answer-memo')>();
  return {
    ...real,
    memoAnswer: ((db, counter, versions, q, read, more) => {
      if (counter === 'records') memoized.push(q.query);
      return real.memoAnswer(db, counter, versions, q, read, more);
    }) satisfies typeof real.memoAnswer,
  };
});

const DIALECTS = await testDialects();
const watchesOf = (key: string): readonly Watch[] => CACHE_COUNTERS.find((c) => c.key === key)!.watches;

/** Every `table.column` the watches declare (`table.` for the table itself): watched or declared unwatched. */
function declaredColumns(watches: readonly Watch[], schema: SchemaColumns): Set<string> {
  const out = new Set<string>();
  for (const w of watches) {
    out.add(`${w.table}.`);
    const columns = w.columns === 'all' ? [...(schema.get(w.table) ?? [])] : w.columns;
    for (const c of [...columns, ...Object.keys(w.unwatched ?? {})]) out.add(`${w.table}.${c}`);
  }
  return out;
}

/** What a cache reads that its counters do not declare ([] when all is declared). */
function undeclared(read: ReadonlySet<string>, watches: readonly Watch[], schema: SchemaColumns): string[] {
  const declared = declaredColumns(watches, schema);
  return [...read].filter((c) => !declared.has(c)).sort();
}

/** The counters themselves (read with the session check, never cached) and the menu version's row. */
const COUNTER_READS: Watch[] = [
  ...CACHE_COUNTERS.map((c): Watch => ({ table: c.counter, columns: 'all', ops: [] })),
  { table: 'sys_config', columns: ['key', 'value'], ops: [] },
];

/**
 * Issue 31: every in-memory answer kept under a change counter reads only tables and columns that the counter's
 * declaration (`cache-dependencies.ts`) names — so its generated triggers bump on every write that could change the
 * answer. Each cache's reads run under a query recorder; the columns they name are collected from Kysely's
 * operation tree (`test/query-columns.ts`).
 */
describe.each(DIALECTS)('caches read only declared columns on %s', (dialect) => {
  let k: Kit;
  let schema: SchemaColumns;
  let recorder: QueryRecorder;
  let db: Db;
  const readSince = (from: number) =>
    columnsRead(
      recorder.queries.slice(from).filter((q) => q.kind === 'SelectQueryNode'),
      schema,
    );

  beforeAll(async () => {
    k = await setupKit(dialect);
    schema = await schemaColumns(k.t.ctx.db);
    recorder = new QueryRecorder();
    db = k.t.ctx.db.withPlugin(recorder);
  });
  afterAll(async () => k?.close());

  it('the session guard: session, user, roles, platforms, grants, names', async () => {
    const from = recorder.queries.length;
    const check = await checkSession({ ...k.t.ctx, db }, await k.token('staff'));
    expect(check.ok).toBe(true);
    if (check.ok) await check.permissions();
    await currentUserNames(db, ['staff', 'admin']);
    const read = readSince(from);
    expect(read).toContain('sys_session.expires_at');
    expect(read).toContain('sys_role_function.fun_code');
    // through aliases and joins, and in the arms of a union
    expect(read).toContain('org_dept.dept_name');
    expect(read).toContain('sys_role_group_role.group_code');
    expect(read).toContain('sys_user_platform.platform_code');
    expect(undeclared(read, [...watchesOf('auth'), ...COUNTER_READS], schema)).toEqual([]);
  });

  it('the to-do and done lists (names under the session counter)', async () => {
    const m = await k.publish([approver('a', users('yangfan'))]);
    const started = await k.start(m, 'liuyang');
    await k.approveAs(started.instanceId, 'yangfan');
    await k.start(m, 'liuyang');
    const from = recorder.queries.length;
    for (const which of ['todo', 'done'] as const)
      for (const q of [{}, { moduleCode: m }, { keyword: '测试' }, { keyword: '测' }, { pageNumber: 2, pageSize: 1 }])
        await tasks(db, 'yangfan', which, taskListQuery.parse(q));
    const read = readSince(from);
    expect(read).toContain('wf_task.assignee');
    expect(undeclared(read, [...watchesOf('todo'), ...watchesOf('auth'), ...COUNTER_READS], schema)).toEqual([]);
  });

  it('the process monitor and 我的申请 (names under the session counter)', async () => {
    const m = await k.publish([approver('a', users('yangfan'))]);
    await k.start(m, 'liuyang');
    const from = recorder.queries.length;
    for (const f of [{}, { moduleCode: m }, { keyword: '测试申请' }, { status: 'running' as const, initiator: 'liuyang' }])
      await instances(db, f, { pageNumber: 1, pageSize: 5 });
    const read = readSince(from);
    expect(read).toContain('wf_instance.last_urged_at');
    expect(read).toContain('wf_task.assignee');
    expect(undeclared(read, [...watchesOf('todo'), ...watchesOf('auth'), ...COUNTER_READS], schema)).toEqual([]);
  });

  it('the search (participants under the to-do counter)', async () => {
    const from = recorder.queries.length;
    for (const q of ['测试', '用印申请', 'staff'])
      for (const kinds of [null, ['record']])
        await searchQuery(db, {
          now: new Date().toISOString(),
          q,
          kinds,
          principals: [READER.user('staff'), READER.all, READER.dept('D01')],
          userCode: 'staff',
          offset: 0,
          limit: 10,
          countUpTo: 110,
        });
    const read = readSince(from);
    expect(read).toContain('search_entry.title');
    expect(read).toContain('wf_task.assignee');
    expect(undeclared(read, [...watchesOf('search'), ...watchesOf('todo'), ...COUNTER_READS], schema)).toEqual([]);
  });

  it('the address book directory', async () => {
    const from = recorder.queries.length;
    await directoryOf({ ...k.t.ctx, db }, PLATFORM.OA);
    const read = readSince(from);
    expect(read).toContain('sys_user.pinyin');
    expect(undeclared(read, [...watchesOf('directory'), ...COUNTER_READS], schema)).toEqual([]);
  });

  it('the records lists totals', async () => {
    const admin = await k.t.login('admin');
    memoized.length = 0;
    const filters = [undefined, { sealType: '公章' }, { reason: '合同' }, { status: 'draft' }, { title: '用印' }];
    for (const view of ['manage', 'mine'])
      for (const f of filters) {
        const query = { view, pageSize: '2', ...(f ? { filters: JSON.stringify(f) } : {}) };
        const res = await k.t.call('GET', `${base('oa_stamp')}/list`, { token: admin, query });
        expect(res.body.code, res.body.message).toBe(0);
      }
    for (const view of [undefined, 'manage']) {
      const res = await k.t.call('GET', `${base('hr_bulletin')}/list`, {
        token: admin,
        query: { pageSize: '2', ...(view ? { view } : {}) },
      });
      expect(res.body.code, res.body.message).toBe(0);
    }
    expect(memoized.length).toBeGreaterThan(0);
    const read = columnsRead(memoized, schema);
    expect(read).toContain('business_record.status');
    expect(undeclared(read, watchesOf('record'), schema)).toEqual([]);
  });

  it('the menu (functions under the menu version)', async () => {
    const from = recorder.queries.length;
    await loadGrantedFunctions(db, ['admin']);
    const read = readSince(from);
    expect(read).toContain('sys_function.fun_code');
    expect(undeclared(read, [...MENU_VERSION_READS, ...COUNTER_READS], schema)).toEqual([]);
  });

  it('a column left out of the declaration is found', async () => {
    const from = recorder.queries.length;
    await directoryOf({ ...k.t.ctx, db: k.t.ctx.db.withPlugin(recorder) }, PLATFORM.OA);
    const watches = watchesOf('directory').map((w) =>
      w.table === 'sys_user' && w.columns !== 'all' ? { ...w, columns: w.columns.filter((c) => c !== 'room') } : w,
    );
    expect(undeclared(readSince(from), [...watches, ...COUNTER_READS], schema)).toEqual(['sys_user.room']);
  });

  it('the address book shows a personal signature and a parent department written straight into the database', async () => {
    const ctx = k.t.ctx;
    const staffOf = async () => (await directoryOf(ctx, PLATFORM.OA)).members.find((m) => m.row.user_code === 'staff')!.row;
    const deptOf = async (code: string) => (await directoryOf(ctx, PLATFORM.OA)).depts.find((d) => d.dept_code === code)!;
    const { dept_code } = await staffOf();
    await deptOf(dept_code!);
    await ctx.db.updateTable('sys_user').set({ personal_sign: '新的签名' }).where('user_code', '=', 'staff').execute();
    expect((await staffOf()).personal_sign).toBe('新的签名');
    await ctx.db.updateTable('org_dept').set({ parent_code: 'moved' }).where('dept_code', '=', dept_code!).execute();
    expect((await deptOf(dept_code!)).parent_code).toBe('moved');
  });
});
