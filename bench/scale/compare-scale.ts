/**
 * `npm run bench -- --scale-compare[=F]` (issue 18: doubling the data moves no p95 by more than ×1.2): the data
 * set of `--scale` and the one F times as large (default 2) served at once, by two servers on BENCH_SCALE_PORT and
 * the port after it. Each scenario runs at one connection on one and then on the other, BENCH_ROUNDS times
 * (default 3), the order swapped every round, so that the load of the moment falls on both sizes alike; the
 * table gives every round's p95 and the ratio of the medians. Env as `--scale` (BENCH_DIALECTS, BENCH_DURATION,
 * BENCH_ONLY, BENCH_SCALE_CACHE, BENCH_PG_PREFIX, …); the export is left out (it has its own bench).
 */
import fs from 'node:fs';
import { fmt, login, machine, measure, startServer, table } from '../harness';
import type { BenchScenario } from '../scenario';
import { exportScenario } from './scenarios/records';
import { answerRows, backfilled, loadScenarios, pgData, prepared, settle, sqliteData } from './run-scale';

const PORT = Number(process.env.BENCH_SCALE_PORT ?? 18130);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The largest ratio of the median p95s that passes. */
const LIMIT = 1.2;

type Auth = BenchScenario['auth'];

interface Served {
  base: string;
  tokens: Record<Auth, string | null>;
  stop: () => void;
}

const dataOf = (dialect: 'sqlite' | 'postgres', factor: number) => (dialect === 'sqlite' ? sqliteData(factor) : pgData(factor));

async function serve(data: { dataDir: string; url: string }, port: number): Promise<Served> {
  const server = await startServer(port, data.dataDir, data.url);
  const base = `http://127.0.0.1:${port}`;
  try {
    await backfilled(data.url, data.dataDir);
    const tokens = {
      none: null,
      admin: await login(base, 'admin'),
      staff: await login(base, 'staff'),
      leader: await login(base, 'leader'),
    };
    const stop = () => {
      server.kill('SIGTERM');
      fs.rmSync(data.dataDir, { recursive: true, force: true });
    };
    return { base, tokens, stop };
  } catch (e) {
    server.kill('SIGTERM');
    throw e;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function compareDialect(dialect: 'sqlite' | 'postgres', factor: number): Promise<string> {
  process.stdout.write(`\n== ${dialect}：1,000,000 与 ${(factor * 1_000_000).toLocaleString('en')} 条记录，${ROUNDS} 轮 ==\n`);
  // both data sets first: a server started before the other set is generated (40 minutes on PostgreSQL) would
  // have logged its users out for being idle
  const smallData = await dataOf(dialect, 1);
  const largeData = await dataOf(dialect, factor);
  const small = await serve(smallData, PORT);
  let large: Served | null = null;
  try {
    large = await serve(largeData, PORT + 1);
    const both = [small, large];
    const rows: string[][] = [];
    let over = 0;
    const listed = (await loadScenarios()).filter((s) => s !== exportScenario);
    for (const listedScenario of listed) {
      const auth = listedScenario.auth;
      // each server's own deep-page cursor, and its answer asked once (never the speed of an empty answer)
      const scenarios = await Promise.all(both.map((sv) => prepared(sv.base, listedScenario, sv.tokens[auth])));
      const answers = await Promise.all(both.map((sv, i) => answerRows(sv.base, scenarios[i]!, sv.tokens[auth])));
      const p50: number[][] = [[], []];
      const p95: number[][] = [[], []];
      for (let r = 0; r < ROUNDS; r++) {
        for (const i of r % 2 ? [1, 0] : [0, 1]) {
          const sv = both[i]!;
          const m = await measure(sv.base, scenarios[i]!, sv.tokens[auth], 1, DURATION);
          p50[i]!.push(m.p50);
          p95[i]!.push(m.p95);
          await settle(sv.base);
        }
      }
      const ratio = median(p95[1]!) / median(p95[0]!);
      if (ratio > LIMIT) over++;
      rows.push([
        listedScenario.name,
        answers.join(' / '),
        fmt(median(p50[0]!)),
        fmt(median(p50[1]!)),
        p95[0]!.map(fmt).join(' · '),
        p95[1]!.map(fmt).join(' · '),
        `×${ratio.toFixed(2)}${ratio > LIMIT ? ' ✗' : ''}`,
      ]);
      process.stdout.write(`  ${listedScenario.name}: p95 ${fmt(median(p95[0]!))} → ${fmt(median(p95[1]!))} ms，×${ratio.toFixed(2)}\n`);
    }
    const x = `${factor}×`;
    const head = ['场景', `应答行数 1× / ${x}`, 'p50 中位 1×', `p50 中位 ${x}`, 'p95 各轮 1×', `p95 各轮 ${x}`, 'p95 中位之比'];
    const verdict = `${rows.length} 项中 ${over} 项的 p95 中位之比超过 ×${LIMIT}`;
    return `\n### ${dialect}：数据翻 ${factor} 倍\n${table(head, rows)}\n${verdict}\n${machine(`${dialect}，1 连接，每项 ${DURATION} 秒 × ${ROUNDS} 轮 × 2 种规模`)}`;
  } finally {
    small.stop();
    large?.stop();
  }
}

export async function compareScale(factor: number): Promise<void> {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
  let out = '';
  for (const d of dialects) out += await compareDialect(d, factor);
  process.stdout.write(`${out}\n`);
}
