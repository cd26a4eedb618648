/**
 * Time on every step (issue 38): the statistics of a process with 1,000,000 finished instances answer in
 * p95 ≤ 200 ms. `setup` publishes a four-step process and hands its 1,000,000 instances' 4,000,000 step
 * completions (two years, 46 people, log-normal durations) to `addHandled` — the function the engine calls in
 * the transaction of every handling — in batches of 100,000 completions, so the aggregate the query reads is
 * exactly what the incremental path produces (no wf_task rows are written for them). It also writes 20,000
 * open tasks of the process (half past the first step's 督办时限) for "overdue now". BENCH_STATS_INSTANCES
 * overrides the size. Standalone (either dialect): `node --import tsx bench/scenarios/step-stats.ts`, with
 * `DATABASE_URL=postgres://…/<empty database>` for PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { chinaMonth } from '../../packages/shared/src/format/china-time';
import { monthBefore } from '../../packages/shared/src/contract/workflow-stats';
import { openDatabase, type Db } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { loadFieldKeys } from '../../packages/server/src/core/crypto/field-keys';
import { seedDemo } from '../../packages/server/src/db/seed/seed';
import { insertPublished, parseDefinition } from '../../packages/server/src/engines/workflow/definitions.service';
import { addHandled, type Handled } from '../../packages/server/src/engines/workflow/step-stats.service';
import { fmt, login, measure, startServer } from '../harness';
import type { BenchScenario } from '../scenario';

const INSTANCES = Number(process.env.BENCH_STATS_INSTANCES ?? 1_000_000);
const MODULE = 'bench_stats';
const STEPS = ['部门负责人审批', '财务审核', '分管领导审批', '办公室归档'];
const BATCH = 100_000;
const HOUR = 3_600_000;
const TARGET_MS = 200;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function setup(db: Db): Promise<void> {
  const have = await db.selectFrom('wf_step_stat').select('cnt').where('module_code', '=', MODULE).limit(1).executeTakeFirst();
  if (have) return;
  const node = (i: number): Record<string, unknown> | null =>
    i >= STEPS.length
      ? null
      : {
          id: `s${i + 1}`,
          type: 'approver',
          name: STEPS[i],
          settings: { assignee: { kind: 'deptLeader' }, overdueHours: i === 0 ? 48 : null },
          childNode: node(i + 1),
        };
  const def = parseDefinition({
    moduleCode: MODULE,
    name: '压测报销流程',
    deptCode: null,
    adminUserCodes: ['admin'],
    root: { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} }, childNode: node(0) },
  });
  await insertPublished(db, def, 'admin');
  const people = await db.selectFrom('sys_user').select(['user_code', 'dept_code']).orderBy('user_code').limit(46).execute();
  // 40 department leaders, 3 finance reviewers, 2 deputy directors, 1 archivist
  const handlers = [people.slice(0, 40), people.slice(40, 43), people.slice(43, 45), people.slice(45, 46)];
  const now = Date.now();
  const span = 730 * 24 * HOUR;
  const r = rng(38);
  const started = performance.now();
  let batch: Handled[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    let at = now - span + Math.floor(r() * span);
    for (let s = 0; s < STEPS.length; s++) {
      const who = handlers[s][Math.floor(r() * handlers[s].length)];
      const typical = [6, 20, 10, 2][s] * HOUR * (0.5 + (who.user_code.charCodeAt(who.user_code.length - 1) % 5) / 4);
      const ms = typical * Math.exp((r() + r() + r() - 1.5) * 1.4);
      const opened = new Date(at).toISOString();
      at += ms;
      batch.push({
        moduleCode: MODULE,
        nodeId: `s${s + 1}`,
        nodeName: STEPS[s],
        assignee: who.user_code,
        deptCode: who.dept_code,
        openedAt: opened,
        actedAt: new Date(Math.min(at, now)).toISOString(),
      });
    }
    if (batch.length >= BATCH || i === INSTANCES - 1) {
      const items = batch;
      batch = [];
      await db.transaction().execute((trx) => addHandled(trx, items));
    }
  }
  const secs = (performance.now() - started) / 1000;
  const rows = await db
    .selectFrom('wf_step_stat')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('module_code', '=', MODULE)
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `  step stats: ${INSTANCES} 个实例的 ${INSTANCES * STEPS.length} 次办理经 addHandled（引擎办理时调用的同一函数）分批累加，` +
      `${secs.toFixed(1)} s，聚合 ${Number(rows.n)} 行\n`,
  );
  const openAt = (i: number) => new Date(now - (i % 2 ? 72 : 1) * HOUR - i * 1000).toISOString();
  for (let i = 0; i < 20_000; i += 500)
    await db
      .insertInto('wf_task')
      .values(
        Array.from({ length: 500 }, (_, k) => ({
          id: `bst${i + k}`,
          instance_id: `bsi${i + k}`,
          module_code: MODULE,
          token_id: 'bench',
          node_id: 's1',
          node_name: STEPS[0],
          assignee: people[(i + k) % 40].user_code,
          on_behalf_of: null,
          seq: 0,
          status: 'open' as const,
          result: null,
          comment: null,
          signature_file_id: null,
          added: 'N' as const,
          wait_for: null,
          created_at: openAt(i + k),
          opened_at: openAt(i + k),
          acted_at: null,
          due_at: null,
          timeout_count: 0,
        })),
      )
      .execute();
}

const S = '/oa/api/auth/oa/workflow/stats/steps';
const month = chinaMonth();
const TARGET = `目标 p95 ≤ ${TARGET_MS} ms`;
export const scenarios: BenchScenario[] = [
  {
    name: `wf step stats 1M instances, 12 months (${TARGET})`,
    path: S,
    query: { moduleCode: MODULE, monthFrom: monthBefore(month, 11), monthTo: month },
    auth: 'admin',
    connections: 1,
  },
  {
    name: `wf step stats 1M instances, 24 months (${TARGET})`,
    path: S,
    query: { moduleCode: MODULE, monthFrom: monthBefore(month, 24), monthTo: month },
    auth: 'admin',
    connections: 1,
  },
  {
    name: `wf step stats 1M instances, one department (${TARGET})`,
    path: S,
    query: { moduleCode: MODULE, monthFrom: monthBefore(month, 24), monthTo: month, deptCode: 'D03' },
    auth: 'admin',
    connections: 1,
  },
  {
    name: 'wf step stats export .xlsx c1',
    path: '/oa/api/auth/oa/workflow/stats/export',
    query: { moduleCode: MODULE, monthFrom: monthBefore(month, 11), monthTo: month },
    auth: 'admin',
    connections: 1,
  },
];

/** Standalone, for either dialect: generates the data, starts the real server, prints each p95 beside the target. */
async function standalone(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-stats-'));
  const url = process.env.DATABASE_URL || undefined;
  const handle = openDatabase({ databaseUrl: url, sqliteFile: path.join(dir, 'oa.db') });
  await migrateToLatest(handle);
  await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: dir }).keys });
  await setup(handle.db);
  // as autovacuum keeps a live database: statistics and the visibility map (index-only counts of open tasks)
  if (url) await sql`VACUUM ANALYZE`.execute(handle.db);
  await handle.close();
  const port = Number(process.env.BENCH_PORT ?? 18291);
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dir, url ?? '');
  try {
    const token = await login(base, 'admin');
    const duration = Number(process.env.BENCH_DURATION ?? 5);
    // the floor of any signed, logged-in request on this machine now, beside the figures
    const floor = await measure(
      base,
      { name: 'userinfo', path: '/oa/api/auth/base/system/userinfo/get', auth: 'admin' },
      token,
      1,
      duration,
    );
    process.stdout.write(`  基线 userinfo: p50 ${fmt(floor.p50)} ms, p95 ${fmt(floor.p95)} ms\n`);
    for (const s of scenarios) {
      const m = await measure(base, s, token, 1, duration);
      const verdict = s.name.includes('目标') ? (m.p95 <= TARGET_MS ? '达标' : '未达标') : '';
      process.stdout.write(
        `  ${s.name}: p50 ${fmt(m.p50)} ms, p95 ${fmt(m.p95)} ms ${verdict}（${m.reqPerSec.toFixed(0)} req/s，非2xx ${m.bad}）\n`,
      );
    }
    process.stdout.write(
      `${url ? 'PostgreSQL' : 'SQLite'}，${INSTANCES} 个实例；${os.cpus().length} 核，负载 ${os.loadavg()[0].toFixed(2)}\n`,
    );
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  standalone().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
