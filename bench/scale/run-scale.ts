/**
 * `npm run bench -- --scale[=2]` (issue 18): the scale data set (bench/scale/generate-scale.ts) on SQLite and
 * PostgreSQL, then every scenario of bench/scale/scenarios/*.ts at 1 and 100 connections with p50/p95/p99,
 * req/s and the ratio to /health measured in the same run; a /health probe while an export runs; the gzip
 * size of the login route and the dashboard (bench/bundle-size.ts); at the end one table of issue 35's figures beside
 * their targets for each dialect (bench/scale/summary.ts), the generator's time among them. Each ratio is to a /health run of
 * BENCH_HEALTH_PROBE seconds (default 2) just before the scenario, at the same connections.
 * Env: BENCH_DIALECTS (sqlite,postgres), BENCH_DURATION (s per run, default 5), BENCH_ONLY (name filters, separated
 * by `,` or `|`: a scenario runs when its name contains one), BENCH_SKIP (likewise: one whose name contains one does
 * not run; e.g. the deep pages, which a small `--scale` has too few rows for), BENCH_CONNECTIONS (default "1,100"; the first is the
 * single-connection run), BENCH_SLOW_MS (a call slower than this at 1 connection is not run at more; default 500),
 * BENCH_SCALE_PORT (18130), BENCH_SCALE_CACHE (dir of the cached SQLite files), BENCH_PG_URL (server, no db),
 * BENCH_PG_PREFIX (prefix of the PostgreSQL database `<prefix>_bench_scale`; default OA_TEST_DB_PREFIX, else `oa`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { ensureRecordFieldIndexes } from '../../packages/server/src/db/record-field-indexes';
import { generatedKeyFile, loadFieldKeys } from '../../packages/server/src/core/crypto/field-keys';
import { seedDemo } from '../../packages/server/src/db/seed/seed';
import { BACKFILL_SOURCES } from '../../packages/server/src/core/search/backfill-on-ready';
import { generateUsers } from '../generate';
import { bundleReport } from '../bundle-size';
import { fmt, headersFor, login, machine, measure, root, startServer, table, type Measured } from '../harness';
import type { BenchScenario } from '../scenario';
import { GENERATOR_TARGET_S, GENERATOR_VERSION, generateScale, phase, phases } from './generate-scale';
import { pgCpuMeter } from './pg-cpu';
import { exportScenario } from './scenarios/records';
import { healthDuringLargeExport } from './health-during-export';
import { exportFigure, healthDuring, slowestRead, summaryTable, titleFigures, type Figure } from './summary';
import { listsAfterWrite, titleTarget, uncachedLists } from './uncached';

const PORT = Number(process.env.BENCH_SCALE_PORT ?? 18130);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CACHE = process.env.BENCH_SCALE_CACHE ?? path.join(os.tmpdir(), 'oa-bench-scale');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PG_PREFIX = process.env.BENCH_PG_PREFIX ?? process.env.OA_TEST_DB_PREFIX ?? 'oa';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,100').split(',').map(Number);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 500);
const HEALTH_PROBE = Number(process.env.BENCH_HEALTH_PROBE ?? 2);
const HEALTH: BenchScenario = { name: '/health', path: '/oa/api/base/health', auth: 'none' };

/**
 * The data keys every data set of the cache is sealed with (sensitive fields, the demo accounts' two-factor
 * secrets): generated once into the cache directory, copied into each run's data directory, where the server
 * reads them (another key could not open the secrets, and the demo logins would fail).
 */
function keysInto(dataDir: string): string {
  fs.mkdirSync(CACHE, { recursive: true });
  loadFieldKeys({ dataDir: CACHE });
  fs.copyFileSync(generatedKeyFile(CACHE), generatedKeyFile(dataDir));
  return dataDir;
}

/**
 * Builds the data set into an empty database and keeps, beside its version, what the build took (wall seconds, the
 * CPU seconds of PostgreSQL's backends, the load average at its end): the summary of a later run reads them there.
 */
async function build(databaseUrl: string | undefined, sqliteFile: string, factor: number): Promise<void> {
  const handle = openDatabase({ databaseUrl, sqliteFile });
  const start = Date.now();
  phases.length = 0;
  // the CPU seconds of the database: PostgreSQL's backends, or this process, where SQLite runs
  const cpu = handle.dialect === 'postgres' ? pgCpuMeter(handle.db) : null;
  const own = process.cpuUsage();
  await phase('迁移', () => migrateToLatest(handle));
  const seed = () => seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: CACHE }).keys, extraUsers: generateUsers(10_000) });
  await generateScale(handle.db, handle.dialect, factor, seed);
  // VACUUM sets the visibility map, as autovacuum does on a database in use: index-only scans need it
  if (handle.dialect === 'postgres') await phase('VACUUM ANALYZE', () => sql`vacuum analyze`.execute(handle.db));
  const secs = (Date.now() - start) / 1000;
  const used = process.cpuUsage(own);
  const cpuSecs = cpu ? ((await cpu.stop()) ?? null) : (used.user + used.system) / 1e6;
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  process.stdout.write(
    `  生成用时 ${secs.toFixed(0)} s（目标 ≤ ${GENERATOR_TARGET_S} s）` +
      `${cpuSecs === null ? '' : `，${cpu ? 'PostgreSQL' : '本进程'} CPU ${cpuSecs.toFixed(0)} s`}，负载 ${load}\n` +
      `  各阶段：${phases.map((p) => `${p.label} ${p.secs.toFixed(0)}`).join('，')}\n`,
  );
  await sql`create table bench_scale_version (v varchar(40), secs real, cpu real, load_avg varchar(40), built_at varchar(40))`.execute(
    handle.db,
  );
  await sql`insert into bench_scale_version (v, secs, cpu, load_avg, built_at)
    values (${GENERATOR_VERSION}, ${secs}, ${cpuSecs}, ${load}, ${new Date().toISOString()})`.execute(handle.db);
  await handle.close();
}

/** A SQLite copy of the cached data set (built once per generator version and factor), migrated to the latest schema. */
export async function sqliteData(factor: number): Promise<{ dataDir: string; url: string }> {
  const cached = path.join(CACHE, `scale-${GENERATOR_VERSION}-x${factor}.db`);
  if (!fs.existsSync(cached)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const tmp = `${cached}.building`;
    fs.rmSync(tmp, { force: true });
    await build(undefined, tmp, factor);
    fs.renameSync(tmp, cached);
  }
  const dataDir = keysInto(fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-scale-run-')));
  fs.copyFileSync(cached, path.join(dataDir, 'oa.db'), fs.constants.COPYFILE_FICLONE);
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'oa.db') });
  await migrateToLatest(handle); // newer migrations (indexes of the list work) apply to the cached copy
  // the form-field indexes the server would build at start (and their statistics, as a long-running database has)
  await ensureRecordFieldIndexes(handle.db, handle.dialect);
  await sql`analyze`.execute(handle.db);
  await handle.close();
  return { dataDir, url: '' };
}

/** The PostgreSQL database <prefix>_bench_scale[N]: kept between runs when its generator version matches. */
export async function pgData(factor: number): Promise<{ dataDir: string; url: string }> {
  const base = `${PG_PREFIX}_bench_scale`;
  const name = factor === 1 ? base : `${base}${String(factor).replace('.', '_')}`;
  const url = `${PG_URL}/${name}`;
  const admin = openDatabase({ databaseUrl: `${PG_URL}/postgres`, sqliteFile: '' });
  let fresh = false;
  try {
    const probe = openDatabase({ databaseUrl: url, sqliteFile: '' });
    const v = await sql<{ v: string }>`select v from bench_scale_version`
      .execute(probe.db)
      .then((r) => r.rows[0]?.v)
      .catch(() => undefined);
    await probe.close();
    if (v !== GENERATOR_VERSION) {
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      fresh = true;
    }
  } finally {
    await admin.close();
  }
  if (fresh) await build(url, '', factor);
  const handle = openDatabase({ databaseUrl: url, sqliteFile: '' });
  await migrateToLatest(handle);
  await ensureRecordFieldIndexes(handle.db, handle.dialect);
  // VACUUM sets the visibility map, as autovacuum does on a database in use: index-only scans need it (after a
  // build, which ends with one, it only finds what migrations changed)
  await sql`vacuum analyze`.execute(handle.db);
  await handle.close();
  return { dataDir: keysInto(fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-scale-run-'))), url };
}

/** A scenario with the query parameters its `prepare` finds (a deep page's cursor), asked as its own user. */
export async function prepared(base: string, s: BenchScenario, token: string | null): Promise<BenchScenario> {
  if (!s.prepare) return s;
  const get = async (p: string, query: Record<string, string>) => {
    const res = await fetch(`${base}${p}?${new URLSearchParams(query)}`, { headers: await headersFor(p, token) });
    const body = (await res.json()) as { code: number; data: unknown; message?: string };
    if (body.code !== 0) throw new Error(`${s.name}: ${p} ${body.message ?? body.code}`);
    return body.data;
  };
  return { ...s, query: { ...s.query, ...(await s.prepare(get)) } };
}

export async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(root, 'bench/scale/scenarios');
  const out: BenchScenario[] = [];
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    out.push(...((await import(path.join(dir, f))) as { scenarios: BenchScenario[] }).scenarios);
  }
  out.push(exportScenario);
  const words = (v: string | undefined) => v?.split(/[,|]/).filter(Boolean) ?? [];
  const [only, skip] = [words(process.env.BENCH_ONLY), words(process.env.BENCH_SKIP)];
  return out.filter((s) => (!only.length || only.some((o) => s.name.includes(o))) && !skip.some((o) => s.name.includes(o)));
}

/**
 * What one call of the scenario answers, asked once before it is measured: the row count the page shows
 * (its total, else its rows), so that a table never reports the speed of an empty or refused answer.
 */
export async function answerRows(base: string, s: BenchScenario, token: string | null): Promise<string> {
  const qs = s.query ? `?${new URLSearchParams(s.query)}` : '';
  const res = await fetch(`${base}${s.path}${qs}`, {
    method: s.method ?? 'GET',
    headers: { ...(await headersFor(s.path, token)), ...s.headers },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  });
  if (!(res.headers.get('content-type') ?? '').includes('json')) return `${res.status} ${res.headers.get('content-type')}`;
  const body = (await res.json()) as { code?: number; message?: string; data?: unknown };
  if (body.code !== undefined && body.code !== 0) throw new Error(`${s.name}: ${body.message ?? body.code}`);
  const d = body.data as { total?: number; records?: unknown[]; list?: unknown[] } | unknown[] | undefined;
  const n = Array.isArray(d) ? d.length : (d?.total ?? d?.records?.length ?? d?.list?.length);
  if (n === 0 && s.auth !== 'none') throw new Error(`${s.name}: the answer is empty`);
  return n === undefined ? 'ok' : String(n);
}

/**
 * Waits until the server's start-up back-fills are over (each leaves its mark in `search_backfill`). A copy of
 * the cached SQLite file has no marks, so its server walks every record in the background for about 25 s after it
 * answers, beside the first scenarios.
 */
export async function backfilled(url: string, dataDir: string): Promise<void> {
  const handle = openDatabase({ databaseUrl: url || undefined, sqliteFile: path.join(dataDir, 'oa.db') });
  try {
    for (let i = 0; i < 600; i++) {
      const { rows } = await sql<{ source: string }>`select source from search_backfill`.execute(handle.db);
      const marked = new Set(rows.map((r) => r.source));
      if (BACKFILL_SOURCES.every((s) => marked.has(s))) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    process.stdout.write('  （启动回填 300 秒内未结束，照常测量）\n');
  } finally {
    await handle.close();
  }
}

/** Waits until /health answers quickly again, so that requests still queued from one scenario do not slow the next. */
export async function settle(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const t = Date.now();
    await fetch(`${base}/oa/api/base/health`).catch(() => null);
    if (Date.now() - t < 20) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function runDialect(dialect: 'sqlite' | 'postgres', factor: number): Promise<{ text: string; figures: Figure[] }> {
  const t0 = Date.now();
  process.stdout.write(`\n== ${dialect}，${factor * 1_000_000} 条记录：准备数据 ==\n`);
  const data = dialect === 'sqlite' ? await sqliteData(factor) : await pgData(factor);
  process.stdout.write(`  数据就绪（${Math.round((Date.now() - t0) / 1000)} s）\n`);
  const server = await startServer(PORT, data.dataDir, data.url);
  await backfilled(data.url, data.dataDir);
  try {
    const tokens = {
      none: null,
      admin: await login(BASE, 'admin'),
      staff: await login(BASE, 'staff'),
      leader: await login(BASE, 'leader'),
    };
    const health = new Map<number, Measured>();
    for (const c of CONNECTIONS) health.set(c, await measure(BASE, HEALTH, null, c, DURATION));
    const rows: string[][] = [];
    // the ratio is to /health measured just before at the same connections (HEALTH_PROBE s): on a shared
    // machine the load of the moment moves both alike
    const row = (name: string, c: number, m: Measured, h: Measured, answer = '') => {
      const ratio = m.reqPerSec / h.reqPerSec;
      const cells = [
        m.reqPerSec.toFixed(1),
        fmt(m.p50),
        fmt(m.p95),
        fmt(m.p99),
        h.reqPerSec.toFixed(0),
        ratio.toFixed(3),
        String(m.bad),
        answer,
      ];
      rows.push([name, String(c), ...cells]);
      process.stdout.write(`  ${name} ×${c}: ${m.reqPerSec.toFixed(1)} req/s, p95 ${fmt(m.p95)} ms, ÷ /health ${ratio.toFixed(3)}\n`);
    };
    for (const c of CONNECTIONS) row(HEALTH.name, c, health.get(c)!, health.get(c)!);
    // a call slower than SLOW_MS alone is not run at more connections: its queue would only hold the next scenarios up
    const skipped = (name: string, c: number, first: Measured) =>
      rows.push([name, String(c), `跳过（1 连接 p50 ${fmt(first.p50)} ms > ${SLOW_MS} ms）`, '', '', '', '', '', '', '']);
    for (const listed of await loadScenarios()) {
      const s = await prepared(BASE, listed, tokens[listed.auth]);
      // an export is seconds long: a fixed number of them (3 one after another, then one per connection at once)
      const amount = (c: number) => (listed === exportScenario ? (c === 1 ? 3 : c) : undefined);
      const answer = await answerRows(BASE, s, tokens[s.auth]);
      let first: Measured | null = null;
      for (const c of CONNECTIONS) {
        if (first && first.p50 > SLOW_MS) {
          skipped(s.name, c, first);
          continue;
        }
        const h = await measure(BASE, HEALTH, null, c, HEALTH_PROBE);
        const m = await measure(BASE, s, tokens[s.auth], c, DURATION, amount(c));
        first ??= m;
        row(s.name, c, m, h, answer);
        await settle(BASE);
      }
    }
    const most = Math.max(...CONNECTIONS);
    const large = await healthDuringLargeExport(BASE, tokens.admin!);
    const slowest = slowestRead(rows, most);
    const during = `${await healthDuring(BASE, tokens.admin, most, DURATION)}\n${large.text}${slowest.text}`;
    const { title, generator } = await titleTarget(BASE, data.url, data.dataDir, tokens);
    const uncached =
      (await uncachedLists(data.url, data.dataDir, await loadScenarios())) +
      (await listsAfterWrite(BASE, data.url, data.dataDir, await loadScenarios(), tokens)) +
      (title?.text ?? '');
    const head = ['场景', '连接', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '/health req/s', '÷ /health', '非2xx/错误', '应答行数'];
    return {
      text: `\n### ${dialect}，${factor * 1_000_000} 条记录\n${table(head, rows)}\n${during}\n${uncached}${machine(`${dialect}，每项 ${DURATION} 秒`)}`,
      figures: [...titleFigures(title), exportFigure(large.p99), slowest.figure, generator],
    };
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(data.dataDir, { recursive: true, force: true });
  }
}

export async function runScale(factor: number): Promise<void> {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
  let out = '';
  const summary: Array<{ dialect: string; records: number; figures: Figure[] }> = [];
  for (const d of dialects) {
    const { text, figures } = await runDialect(d, factor);
    out += text;
    summary.push({ dialect: d === 'sqlite' ? 'SQLite' : 'PostgreSQL', records: factor * 1_000_000, figures });
  }
  process.stdout.write(`${out}\n### 前端体积（gzip）\n${bundleReport()}${summaryTable(summary)}\n${machine('汇总')}`);
}
