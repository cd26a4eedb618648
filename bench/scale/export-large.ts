/**
 * `node --import tsx bench/scale/export-large.ts` (issue 18): exports of 40,000–50,000 rows from the scale data
 * set (bench/scale/generate-scale.ts, built and cached by `npm run bench -- --scale` if missing): each export's
 * time, size and row count (read back from the .xlsx with exceljs' streaming reader), the server's resident
 * memory before and at its peak (sampled from /proc every 50 ms), and /health answered meanwhile.
 * Env: BENCH_DIALECTS (sqlite,postgres; default sqlite), BENCH_EXPORT_PORT (18160), the cache/PG settings of run-scale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { headersFor, login, machine, startServer } from '../harness';
import { pgData, sqliteData } from './run-scale';

const PORT = Number(process.env.BENCH_EXPORT_PORT ?? 18160);
const BASE = `http://127.0.0.1:${PORT}`;
const R = '/oa/api/auth/oa/records';

const EXPORTS = [
  // a small one first: what the server grows by for any export, to compare the large ones with
  {
    name: '用印 导出 ~5,000 行',
    path: `${R}/oa_stamp/export`,
    query: { view: 'manage', filters: JSON.stringify({ createdAt: ['2020-01-01', '2020-02-11'] }) },
  },
  { name: '话费台账 全部 (50,000 行)', path: `${R}/office_tel/export`, query: {} },
  { name: '用印 管理视图 全部', path: `${R}/oa_stamp/export`, query: { view: 'manage' } },
];

/** Resident memory of a process in MB (VmRSS), from /proc. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function countRows(file: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows - 1; // the header row
}

async function exportOnce(pid: number, token: string, e: (typeof EXPORTS)[number]) {
  const url = new URL(BASE + e.path);
  for (const [k, v] of Object.entries(e.query)) url.searchParams.set(k, v);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  let healthN = 0;
  let healthWorst = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(`${BASE}/oa/api/base/health`).catch(() => null);
      healthWorst = Math.max(healthWorst, performance.now() - t);
      healthN++;
    }
  })();
  const t0 = performance.now();
  const res = await fetch(url, { headers: await headersFor(e.path, token) });
  if (!res.ok || !res.body) throw new Error(`${e.name}: HTTP ${res.status}`);
  const file = path.join(os.tmpdir(), `oa-bench-export-${process.pid}.xlsx`);
  const out = fs.createWriteStream(file);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise((r) => out.end(r));
  const secs = (performance.now() - t0) / 1000;
  done = true;
  await probe;
  clearInterval(sampler);
  const rows = await countRows(file);
  fs.rmSync(file, { force: true });
  return { secs, bytes, rows, before, peak, health: healthN / secs, healthWorst };
}

async function runDialect(d: 'sqlite' | 'postgres'): Promise<string> {
  process.stdout.write(`${d}: 准备数据…\n`);
  const data = d === 'sqlite' ? await sqliteData(1) : await pgData(1);
  const server = await startServer(PORT, data.dataDir, data.url);
  let out = `\n### ${d === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 大批量导出\n\n| 导出 | 行数 | 用时 s | 大小 MB | 服务内存 前 → 峰值 MB | 导出中 /health req/s | /health 最长 ms |\n|---|---|---|---|---|---|---|\n`;
  try {
    const token = await login(BASE, 'admin');
    for (const e of EXPORTS) {
      const r = await exportOnce(server.pid!, token, e);
      out += `| ${e.name} | ${r.rows.toLocaleString('en-US')} | ${r.secs.toFixed(1)} | ${(r.bytes / 1048576).toFixed(1)} | ${r.before.toFixed(0)} → ${r.peak.toFixed(0)} | ${r.health.toFixed(0)} | ${r.healthWorst.toFixed(0)} |\n`;
      process.stdout.write(`  ${e.name}: ${r.rows} 行, ${r.secs.toFixed(1)} s\n`);
    }
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(data.dataDir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite').split(',') as Array<'sqlite' | 'postgres'>;
  let out = machine(`大批量导出 (${dialects.join(', ')})`);
  for (const d of dialects) out += await runDialect(d);
  process.stdout.write(out);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
