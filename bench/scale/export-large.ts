/**
 * `node --import tsx bench/scale/export-large.ts` (issue 18): exports of 40,000–50,000 rows from the scale data
 * set (bench/scale/generate-scale.ts, built and cached by `npm run bench -- --scale` if missing): each export's
 * time, size and row count (read back from the .xlsx with exceljs' streaming reader), the server's resident
 * memory before and at its peak (sampled from /proc every 50 ms), and /health answered meanwhile; then an import of
 * 10,000 rows (the first rows of the 话费台账 export, the most one import takes) with the same probes.
 * Env: BENCH_DIALECTS (sqlite,postgres; default sqlite), BENCH_EXPORT_PORT (18160), the cache/PG settings of run-scale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '../../packages/shared/src/contract/registers';
import { headersFor, login, machine, startServer } from '../harness';
import { HEALTH_P99_TARGET_MS, LARGE_EXPORT, healthWhile } from './health-during-export';
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
  LARGE_EXPORT,
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

/** Runs `work` while sampling the server's memory and asking /health one request after another. */
async function probed<T>(pid: number, work: () => Promise<T>) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    const { result, secs, health: h } = await healthWhile(BASE, work);
    return { result, secs, before, peak, health: h.n / secs, healthP99: h.p99, healthWorst: h.worst };
  } finally {
    clearInterval(sampler);
  }
}

async function exportOnce(pid: number, token: string, e: (typeof EXPORTS)[number], file: string) {
  const url = new URL(BASE + e.path);
  for (const [k, v] of Object.entries(e.query)) url.searchParams.set(k, v);
  const r = await probed(pid, async () => {
    const res = await fetch(url, { headers: await headersFor(e.path, token) });
    if (!res.ok || !res.body) throw new Error(`${e.name}: HTTP ${res.status}`);
    const out = fs.createWriteStream(file);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise((r) => out.end(r));
    return bytes;
  });
  return { ...r, bytes: r.result, rows: await countRows(file) };
}

/** The header and the first `rows` data rows of an exported sheet, as a new .xlsx. */
async function firstRows(file: string, rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache' });
  let n = 0;
  outer: for await (const sheet of reader)
    for await (const row of sheet) {
      ws.addRow((row.values as ExcelJS.CellValue[]).slice(1));
      if (n++ === rows) break outer;
    }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Imports a sheet into 话费台账 (rows with an error skipped), with the probes of an export. */
async function importOnce(pid: number, token: string, sheet: Buffer) {
  const p = `${R}/office_tel/import`;
  const r = await probed(pid, async () => {
    const form = new FormData();
    form.set('skipInvalid', 'true');
    form.set('file', new Blob([sheet]), 'import.xlsx');
    const { 'content-type': _json, ...headers } = await headersFor(p, token);
    const res = await fetch(BASE + p, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { code: number; message?: string; data: { imported: number; total: number } | null };
    if (body.code !== 0 || !body.data) throw new Error(`import: ${body.message ?? res.status}`);
    return body.data;
  });
  return { ...r, rows: r.result.imported, total: r.result.total, bytes: sheet.length };
}

async function runDialect(d: 'sqlite' | 'postgres'): Promise<string> {
  process.stdout.write(`${d}: 准备数据…\n`);
  const data = d === 'sqlite' ? await sqliteData(1) : await pgData(1);
  const server = await startServer(PORT, data.dataDir, data.url);
  let out = `\n### ${d === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 大批量导出\n\n| 导出 | 行数 | 用时 s | 大小 MB | 服务内存 前 → 峰值 MB | 导出中 /health req/s | /health p99 ms（目标 ≤ ${HEALTH_P99_TARGET_MS}） | /health 最长 ms |\n|---|---|---|---|---|---|---|---|\n`;
  const row = (
    name: string,
    r: { rows: number; secs: number; bytes: number; before: number; peak: number; health: number; healthP99: number; healthWorst: number },
  ) =>
    `| ${name} | ${r.rows.toLocaleString('en-US')} | ${r.secs.toFixed(1)} | ${(r.bytes / 1048576).toFixed(1)} | ${r.before.toFixed(0)} → ${r.peak.toFixed(0)} | ${r.health.toFixed(0)} | ${r.healthP99.toFixed(1)} | ${r.healthWorst.toFixed(0)} |\n`;
  const file = path.join(os.tmpdir(), `oa-bench-export-${process.pid}.xlsx`);
  try {
    const token = await login(BASE, 'admin');
    let sheet: Buffer | null = null;
    for (const e of EXPORTS) {
      const r = await exportOnce(server.pid!, token, e, file);
      if (e.path.includes('office_tel')) sheet = await firstRows(file, IMPORT_MAX_ROWS);
      out += row(e.name, r);
      process.stdout.write(`  ${e.name}: ${r.rows} 行, ${r.secs.toFixed(1)} s\n`);
    }
    const r = await importOnce(server.pid!, token, sheet!);
    out += row(`话费台账 导入 (${r.total.toLocaleString('en-US')} 行, 导入数)`, r);
    process.stdout.write(`  导入: ${r.rows} / ${r.total} 行, ${r.secs.toFixed(1)} s\n`);
  } finally {
    fs.rmSync(file, { force: true });
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
