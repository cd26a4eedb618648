/**
 * The closing table of `npm run bench -- --scale` (issue 35: "prints each figure beside its target, on both
 * dialects"): for each dialect the figures the run already measured and printed on their own lines — the title
 * keyword filter's p95, /health's p99 during the 50,000-row export, the slowest authenticated read at the most
 * connections as a share of /health, and the generator's time (kept beside the data set's version when it was built,
 * so a run on a cached data set shows the build's own figure and its date).
 */
import { sql } from 'kysely';
import type { Db } from '../../packages/server/src/db/database';
import { fmt, measure, table } from '../harness';
import type { BenchScenario } from '../scenario';
import { HEALTH_P99_TARGET_MS, RATIO_TARGET } from './health-during-export';
import { exportScenario } from './scenarios/records';
import { TITLE_TARGET_MS } from './title-word';
import { GENERATOR_TARGET_S } from './generate-scale';

export interface Figure {
  name: string;
  /** the measured value as printed, with what it was measured on */
  value: string;
  target: string;
  /** null: not measured in this run */
  met: boolean | null;
}

const atMost = (name: string, v: number | undefined, target: number, unit: string, note = ''): Figure => ({
  name,
  value: v === undefined || Number.isNaN(v) ? '未测' : `${fmt(v)} ${unit}${note}`,
  target: `≤ ${target} ${unit}`,
  met: v === undefined || Number.isNaN(v) ? null : v <= target,
});

export const titleFigures = (t: { steady: number; afterWrite: number } | null): Figure[] => [
  atMost('标题关键词「合作协议」p95', t?.steady, TITLE_TARGET_MS, 'ms'),
  atMost('标题关键词「合作协议」p95（每次写入之后）', t?.afterWrite, TITLE_TARGET_MS, 'ms'),
];

export const exportFigure = (p99: number | undefined): Figure => atMost('5 万行导出进行中 /health p99', p99, HEALTH_P99_TARGET_MS, 'ms');

/**
 * The authenticated read with the lowest ratio to /health at `connections` (issue 35: every one ≥ 0.3): its line
 * and its figure. `rows` are the scale table's rows (name, connections, …, ratio in column 7).
 */
export function slowestRead(rows: string[][], connections: number): { text: string; figure: Figure } {
  const name = `${connections} 连接下最慢的已登录读取 ÷ /health`;
  const reads = rows.filter((r) => r[0] !== '/health' && r[1] === String(connections) && r[7] !== '' && !r[0].includes('导出'));
  if (!reads.length) return { text: '', figure: { name, value: '未测', target: `≥ ${RATIO_TARGET}`, met: null } };
  const slowest = reads.reduce((a, b) => (Number(b[7]) < Number(a[7]) ? b : a));
  const below = reads.filter((r) => Number(r[7]) < RATIO_TARGET).map((r) => `${r[0]} ${r[7]}`);
  const text =
    `${connections} 连接下最慢的已登录读取：${slowest[0]}，÷ /health ${slowest[7]}（目标 ≥ ${RATIO_TARGET}，` +
    `${below.length ? `未达标 ${below.length} 项：${below.join('；')}` : '全部达标'}）\n`;
  const ratio = Number(slowest[7]);
  return { text, figure: { name, value: `${slowest[7]}（${slowest[0]}）`, target: `≥ ${RATIO_TARGET}`, met: ratio >= RATIO_TARGET } };
}

/** The generator's time as the build of this data set recorded it (run-scale.ts `build`). */
export async function generatorFigure(db: Db): Promise<Figure> {
  const { rows } = await sql<{ secs: number | null; cpu: number | null; load_avg: string | null; built_at: string | null }>`
    select secs, cpu, load_avg, built_at from bench_scale_version`
    .execute(db)
    .catch(() => ({ rows: [] }));
  const r = rows[0];
  const note = r?.secs
    ? `（${r.cpu ? `CPU ${Math.round(r.cpu)} s，` : ''}负载 ${r.load_avg ?? '?'}，${r.built_at?.slice(0, 16).replace('T', ' ') ?? ''} UTC 生成）`
    : '';
  return {
    ...atMost('生成数据集用时', r?.secs ?? undefined, GENERATOR_TARGET_S, 's'),
    value: r?.secs ? `${Math.round(r.secs)} s${note}` : '未测',
  };
}

/**
 * /health at `connections` for `duration` seconds while exports run one after another beside it: its req/s, p99
 * and how many exports finished.
 */
export async function healthDuring(base: string, token: string | null, connections: number, duration: number): Promise<string> {
  const health: BenchScenario = { name: '/health', path: '/oa/api/base/health', auth: 'none' };
  let done = false;
  let exports = 0;
  const exporting = (async () => {
    while (!done) {
      await measure(base, exportScenario, token, 1, duration, 1);
      exports++;
    }
  })();
  const m = await measure(base, health, null, connections, duration).finally(() => (done = true));
  await exporting;
  return `导出进行中（${exports} 次导出，一个接一个）/health ×${connections}：${m.reqPerSec.toFixed(1)} req/s，p50 ${fmt(m.p50)} ms，p99 ${fmt(m.p99)} ms，非2xx/错误 ${m.bad}`;
}

/** One table: a row per figure, a column pair (figure, 达标) per dialect. */
export function summaryTable(byDialect: Array<{ dialect: string; records: number; figures: Figure[] }>): string {
  if (!byDialect.length) return '';
  const names = [...new Set(byDialect.flatMap((d) => d.figures.map((f) => f.name)))];
  const verdict = (f: Figure | undefined) => (f?.met === null || !f ? '未测' : f.met ? '达标' : '未达标');
  const rows = names.map((name) => {
    const of = byDialect.map((d) => d.figures.find((f) => f.name === name));
    const target = of.find(Boolean)?.target ?? '';
    return [name, target, ...of.flatMap((f) => [f?.value ?? '未测', verdict(f)])];
  });
  const head = ['指标（issue 35）', '目标', ...byDialect.flatMap((d) => [`${d.dialect}（${d.records.toLocaleString('en')} 条）`, '结论'])];
  return `\n### 汇总：各项指标与目标\n${table(head, rows)}`;
}
