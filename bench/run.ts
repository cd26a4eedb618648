/**
 * `npm run bench`: builds a database with the demo data plus 2,000 generated users, starts the real
 * server on it, and drives every scenario of bench/scenarios/*.ts with autocannon. Prints req/s, p50, p99.
 * BENCH_DURATION (seconds per scenario, default 5) and BENCH_ONLY (substring filter) are honoured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { signRequest } from '../packages/shared/src/crypto/signature';
import { hashPassword } from '../packages/shared/src/crypto/sm3';
import { openDatabase } from '../packages/server/src/db/database';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { seedDemo } from '../packages/server/src/db/seed/seed';
import { generateUsers } from './generate';
import type { BenchScenario } from './scenario';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 18990);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const USERS = 2000;
const APP_ID = 'oa-web';
const SECRET = 'oa-dev-sign-secret';

async function prepare(dataDir: string): Promise<void> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'oa.db') });
  await migrateToLatest(handle);
  await seedDemo(handle.db, { extraUsers: generateUsers(USERS) });
  await handle.close();
}

async function headersFor(pathname: string, token: string | null): Promise<Record<string, string>> {
  const ts = String(Date.now());
  return {
    'content-type': 'application/json', 'auth-appid': APP_ID, 'auth-timestamp': ts, 'auth-source': 'web', 'auth-device': 'pc',
    'auth-signature': await signRequest(SECRET, pathname, ts, APP_ID), ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

async function login(username: string): Promise<string> {
  const p = '/oa/api/base/browserLogin';
  const res = await fetch(BASE + p, { method: 'POST', headers: await headersFor(p, null), body: JSON.stringify({ username, password: hashPassword('Oa@123456') }) });
  const json = (await res.json()) as { code: number; data: { token: string } };
  if (json.code !== 0) throw new Error(`bench login ${username} failed`);
  return json.data.token;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/oa/api/base/health`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function loadScenarios(): Promise<BenchScenario[]> {
  const dir = path.join(root, 'bench/scenarios');
  const out: BenchScenario[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts')).sort((a, b) => (a === 'core.ts' ? -1 : b === 'core.ts' ? 1 : a.localeCompare(b)))) {
    const mod = (await import(path.join(dir, f))) as { scenarios: BenchScenario[] };
    out.push(...mod.scenarios);
  }
  const only = process.env.BENCH_ONLY;
  return only ? out.filter((s) => s.name.includes(only)) : out;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
  process.stdout.write(`准备数据（演示数据 + ${USERS} 名用户）…\n`);
  await prepare(dataDir);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
    cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), OA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', OA_LOGIN_RATE_PER_MIN: '100000000', OA_LOGIN_CAPTCHA: 'off', DATABASE_URL: '' },
  });
  try {
    await waitForServer();
    const tokens = { admin: await login('admin'), staff: await login('staff'), none: null };
    const rows: string[][] = [];
    for (const s of await loadScenarios()) {
      const qs = s.query ? `?${new URLSearchParams(s.query)}` : '';
      const result = await autocannon({
        url: BASE + s.path + qs, method: s.method ?? 'GET', duration: DURATION, connections: s.connections ?? 10,
        headers: await headersFor(s.path, tokens[s.auth]), body: s.body === undefined ? undefined : JSON.stringify(s.body),
      });
      const bad = result.non2xx + result.errors;
      rows.push([s.name, result.requests.average.toFixed(0), `${result.latency.p50}`, `${result.latency.p99}`, String(bad)]);
      process.stdout.write(`  ${s.name}: ${result.requests.average.toFixed(0)} req/s\n`);
    }
    const head = ['场景', 'req/s', 'p50 ms', 'p99 ms', '非2xx/错误'];
    process.stdout.write(`\n| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`);
    process.stdout.write(`\n机器：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，${(os.totalmem() / 2 ** 30).toFixed(0)} GiB，Node ${process.version}，SQLite，每场景 ${DURATION} 秒\n`);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
