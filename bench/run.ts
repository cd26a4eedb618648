/**
 * `npm run bench`: builds a database with the demo data plus 2,000 generated users, starts the real
 * server on it, and drives every scenario of bench/scenarios/*.ts with autocannon. Prints req/s, p50, p95, p99.
 * `--scale` (or `--scale=2`) runs the scale bench of bench/scale/run-scale.ts instead.
 * BENCH_DURATION (seconds per scenario, default 5) and BENCH_ONLY (substring filter) are honoured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../packages/server/src/db/database';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { loadFieldKeys } from '../packages/server/src/core/crypto/field-keys';
import { seedDemo } from '../packages/server/src/db/seed/seed';
import { generateUsers } from './generate';
import { fmt, login, machine, measure, root, startServer, startupMs, table } from './harness';
import { lighthouseRuns, type LighthousePage, type LighthouseResult } from './lighthouse';
import { runScale } from './scale/run-scale';
import { compareScale } from './scale/compare-scale';
import type { BenchScenario } from './scenario';

const PORT = Number(process.env.BENCH_PORT ?? 18990);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const USERS = 2000;

async function prepare(dataDir: string): Promise<void> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'oa.db') });
  await migrateToLatest(handle);
  await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir }).keys, extraUsers: generateUsers(USERS) });
  // scenario files may export `setup(db)` (or `seed(db)`) to generate their own data (e.g. news: 200k articles, 1M records)
  const only = process.env.BENCH_ONLY;
  for (const f of fs.readdirSync(path.join(root, 'bench/scenarios')).filter((n) => n.endsWith('.ts'))) {
    const mod = (await import(path.join(root, 'bench/scenarios', f))) as {
      setup?: (db: typeof handle.db) => Promise<void>;
      seed?: (db: typeof handle.db) => Promise<void>;
      scenarios: BenchScenario[];
    };
    const make = mod.setup ?? mod.seed;
    if (make && (!only || mod.scenarios.some((s) => s.name.includes(only)))) await make(handle.db);
  }
  await handle.close();
}

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(root, 'bench/scenarios');
  const out: BenchScenario[] = [];
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort((a, b) => (a === 'core.ts' ? -1 : b === 'core.ts' ? 1 : a.localeCompare(b)))) {
    const mod = (await import(path.join(dir, f))) as { scenarios: BenchScenario[] };
    out.push(...mod.scenarios);
  }
  const only = process.env.BENCH_ONLY;
  return only ? out.filter((s) => s.name.includes(only)) : out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const compare = args.find((a) => a === '--scale-compare' || a.startsWith('--scale-compare='));
  if (compare) return compareScale(Number(compare.split('=')[1] ?? 2));
  // `--scale --scale=0.02` is the factor 0.02: the one given with a value wins over the bare flag
  const scale = args.find((a) => a.startsWith('--scale=')) ?? args.find((a) => a === '--scale');
  if (scale) return runScale(Number(scale.split('=')[1] ?? 1));
  if (args.includes('--lighthouse')) return lighthouseOnDemo();
  const startup = await demoStartup();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
  process.stdout.write(`准备数据（演示数据 + ${USERS} 名用户）…\n`);
  await prepare(dataDir);
  const server = await startServer(PORT, dataDir);
  try {
    const tokens = {
      admin: await login(BASE, 'admin'),
      staff: await login(BASE, 'staff'),
      leader: await login(BASE, 'leader'),
      none: null,
    };
    const rows: string[][] = [];
    for (const s of await loadScenarios()) {
      const m = await measure(BASE, s, tokens[s.auth], s.connections ?? 10, DURATION);
      rows.push([s.name, m.reqPerSec.toFixed(0), fmt(m.p50), fmt(m.p95), fmt(m.p99), String(m.bad)]);
      process.stdout.write(`  ${s.name}: ${m.reqPerSec.toFixed(0)} req/s\n`);
    }
    process.stdout.write(table(['场景', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '非2xx/错误'], rows));
    process.stdout.write(lighthouseTable(await lighthouseRuns(BASE, await lighthousePages())));
    process.stdout.write(`\n启动到 /health（演示数据库，已编译，5 次的中位数）：${startup.toFixed(0)} ms（目标 ≤ 2000 ms）\n`);
    process.stdout.write(`\n${machine(`SQLite，每场景 ${DURATION} 秒`)}`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The pages Lighthouse opens (each target ≥ 90): the dashboard after login (desktop, issue 35); the phone app's login
 * and to-do list (mobile, issue 34). */
async function lighthousePages(): Promise<LighthousePage[]> {
  const leader = await login(BASE, 'leader');
  const pages: LighthousePage[] = [
    { name: '登录后首页（领导）', path: '/oa/', form: 'desktop', token: leader },
    { name: '手机登录页', path: `/oa/m/login?redirect=${encodeURIComponent('/m')}`, form: 'mobile', token: null },
    { name: '手机待办（领导）', path: '/oa/m/', form: 'mobile', token: leader },
  ];
  // BENCH_LIGHTHOUSE_ONLY=<words, comma-separated>: only the pages whose form (mobile, desktop) is one of them or whose
  // names contain one (e.g. 首页); BENCH_LIGHTHOUSE_RUNS=n: each page n times in turn
  const only = process.env.BENCH_LIGHTHOUSE_ONLY?.split(',').filter(Boolean);
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
  const chosen = only?.length ? pages.filter((p) => only.some((w) => p.form === w || p.name.includes(w))) : pages;
  return Array.from({ length: runs }, (_, i) => chosen.map((p) => (runs > 1 ? { ...p, name: `${p.name} #${i + 1}` } : p))).flat();
}

function lighthouseTable(results: LighthouseResult[]): string {
  const rows = results.map((r) => [
    r.name,
    r.form === 'desktop' ? '桌面' : '手机',
    `${r.score}（目标 ≥ 90）`,
    String(r.tbt),
    String(r.lcp),
    String(r.fcp),
    String(r.cls),
    `${Math.round(r.bytes / 1024)} KB`,
    r.load.toFixed(2),
  ]);
  const head = ['页面', '形态', '得分', 'TBT ms', 'LCP ms', 'FCP ms', 'CLS', '传输', '负载（1 分钟）'];
  return `\nLighthouse（性能）：\n${table(head, rows)}`;
}

/** `--lighthouse`: Lighthouse alone, on the demo database. */
async function lighthouseOnDemo(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-lh-'));
  try {
    const handle = openDatabase({ sqliteFile: path.join(dir, 'oa.db') });
    await migrateToLatest(handle);
    await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: dir }).keys });
    await handle.close();
    const server = await startServer(PORT, dir);
    try {
      process.stdout.write(lighthouseTable(await lighthouseRuns(BASE, await lighthousePages())));
      process.stdout.write(`\n${machine('SQLite，演示数据')}`);
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Start-up time on the demo database (issue 35: ≤ 2 s), measured before the large data set is built. */
async function demoStartup(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-start-'));
  try {
    const handle = openDatabase({ sqliteFile: path.join(dir, 'oa.db') });
    await migrateToLatest(handle);
    await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: dir }).keys });
    await handle.close();
    return await startupMs(PORT, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
