import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUCKET_COLUMNS } from '@oa/shared/workflow/step-durations';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { fullScans, planText, recording } from '../../../test/query-plans';
import { insertPublished, parseDefinition } from './definitions.service';
import { stepStats } from './step-stats.service';
import { countOpenBefore, overdueCandidates } from './step-stats.repository';

const DIALECTS = await testDialects();
const TABLES = ['wf_task', 'wf_step_stat'] as const;
const MODULES = 20;
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

async function insertMany<T>(rows: T[], put: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await put(rows.slice(i, i + size));
}

/** The statistics read index ranges of the aggregate and of the open tasks, whatever the other processes hold. */
describe.each(DIALECTS)('step statistics plans on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.ctx.db;
    const node = (id: string, overdueHours: number | null) => ({
      id,
      type: 'approver',
      name: id,
      settings: { assignee: { kind: 'users', userCodes: ['leader'] }, overdueHours },
      childNode: null,
    });
    await insertPublished(
      db,
      parseDefinition({
        moduleCode: 'pm7',
        name: '计划测试流程',
        deptCode: null,
        adminUserCodes: ['admin'],
        root: {
          id: 'start',
          type: 'start',
          name: '发起人',
          settings: { fieldPermissions: {} },
          childNode: { ...node('s1', 24), childNode: node('s2', null) },
        },
      }),
      'admin',
    );
    // 20 processes × 3 steps × 24 months × 20 people
    const rows = [];
    for (let m = 0; m < MODULES; m++)
      for (let s = 0; s < 3; s++)
        for (let mo = 0; mo < 24; mo++)
          for (let p = 0; p < 20; p++)
            rows.push({
              module_code: `pm${m}`,
              node_id: `s${s}`,
              month: `${2025 + Math.floor(mo / 12)}-${String((mo % 12) + 1).padStart(2, '0')}`,
              dept_code: `D0${(p % 8) + 1}`,
              assignee: `u${p}`,
              node_name: `步骤${s}`,
              cnt: 3,
              total_ms: 3 * 3_600_000,
              ...Object.fromEntries(BUCKET_COLUMNS.map((c, k) => [c, k === 13 ? 3 : 0])),
            });
    await insertMany(rows, (c) => db.insertInto('wf_step_stat').values(c).execute(), 400);
    await insertMany(
      Array.from({ length: 40_000 }, (_, i) => ({
        id: `st${i}`,
        instance_id: `si${i}`,
        module_code: `pm${i % MODULES}`,
        token_id: 'x',
        node_id: `s${i % 3}`,
        node_name: '审批',
        assignee: `u${i % 20}`,
        on_behalf_of: null,
        seq: 0,
        status: i % 2 ? ('open' as const) : ('done' as const),
        result: i % 2 ? null : 'approved',
        comment: null,
        signature_file_id: null,
        added: 'N' as const,
        wait_for: null,
        created_at: at(i),
        opened_at: at(i),
        acted_at: i % 2 ? null : at(i + 5),
        due_at: null,
        timeout_count: 0,
      })),
      (c) => db.insertInto('wf_task').values(c).execute(),
    );
    await sql`ANALYZE`.execute(db);
  }, 120_000);
  afterAll(() => t.close());

  const before = '2026-01-20T00:00:00.000Z';
  const queries: Array<[string, (db: TestApp['ctx']['db']) => Promise<unknown>]> = [
    [
      'the statistics of one process over a year',
      (db) => stepStats({ ...t.ctx, db }, { moduleCode: 'pm7', monthFrom: '2025-03', monthTo: '2026-02' }, new Date('2026-02-01')),
    ],
    [
      '… of one department',
      (db) =>
        stepStats(
          { ...t.ctx, db },
          { moduleCode: 'pm7', monthFrom: '2025-03', monthTo: '2026-02', deptCode: 'D03' },
          new Date('2026-02-01'),
        ),
    ],
    ['overdue now of one step', (db) => countOpenBefore(db, 'pm7', 's1', before)],
    ['the overdue tasks not raised yet', (db) => overdueCandidates(db, 'pm7', 's1', before, 100)],
  ];

  it.each(queries)('%s: no full scan of wf_task / wf_step_stat', async (_name, run) => {
    const rec = recording(t.ctx.db);
    expect(await run(rec.db)).toBeTruthy();
    const taken = rec.taken().filter((q) => /wf_task|wf_step_stat/.test(q.sql));
    expect(taken.length).toBeGreaterThan(0);
    for (const q of taken) expect(await fullScans(t.ctx.db, dialect, q, TABLES), q.sql).toEqual([]);
  });

  it('reads one process´s rows in the month range by the primary key, and counts open tasks on idx_wf_task_open_step', async () => {
    const rec = recording(t.ctx.db);
    const out = await stepStats(
      { ...t.ctx, db: rec.db },
      { moduleCode: 'pm7', monthFrom: '2025-03', monthTo: '2026-02' },
      new Date('2026-02-01'),
    );
    // 3 steps × 12 months × 20 people × 3 handlings; s1 has a limit: its open tasks opened before the cutoff count
    expect(out.steps.map((s) => s.nodeId)).toEqual(['s1', 's2', 's0']);
    expect(out.steps.reduce((n, s) => n + s.count, 0)).toBe(3 * 12 * 20 * 3);
    expect(out.steps[0].overdueNow).toBeGreaterThan(0);
    expect(out.byMonth).toHaveLength(12);
    const taken = rec.taken();
    const stat = taken.find((q) => /from "wf_step_stat"/.test(q.sql))!;
    expect(await planText(t.ctx.db, dialect, stat)).toMatch(/pk_wf_step_stat|sqlite_autoindex_wf_step_stat/);
    const count = taken.find((q) => /"wf_task"/.test(q.sql))!;
    expect(await planText(t.ctx.db, dialect, count)).toMatch(/idx_wf_task_open_step/);
  });
});
