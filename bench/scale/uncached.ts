/**
 * The reads of the scale bench timed one call at a time after its HTTP table (run-scale.ts): the to-do lists without
 * their memory cache, the module lists after a write, and the title keyword filter beside its target.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../packages/server/src/db/database';
import { taskListQuery } from '../../packages/shared/src/contract/workflow';
import { tasks } from '../../packages/server/src/engines/workflow/pending.service';
import { fmt, table } from '../harness';
import type { BenchScenario } from '../scenario';
import { answerRows, loadScenarios, prepared } from './run-scale';
import { titleWordTarget } from './title-word';
import { generatorFigure } from './summary';

/** Sequential calls of the repository-level reads below (BENCH_UNCACHED_SAMPLES). */
const UNCACHED_SAMPLES = Number(process.env.BENCH_UNCACHED_SAMPLES ?? 200);

/** p50, p95 and p99 ms of UNCACHED_SAMPLES calls one after another (`before` runs untimed ahead of each). */
async function sampled(call: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<string[]> {
  const times: number[] = [];
  for (let i = 0; i < UNCACHED_SAMPLES; i++) {
    await before?.();
    const t = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => fmt(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
  return [at(0.5), at(0.95), at(0.99)];
}

/**
 * The to-do and done lists answer from memory while nothing they show has changed (pending.cache.ts), so the
 * HTTP scenarios above time that; here their own reads are timed without it — what the first request after any
 * task write costs: the service called straight on the database (no HTTP, no session check), one call at a time.
 */
export async function uncachedLists(url: string, dataDir: string, listed: BenchScenario[]): Promise<string> {
  const handle = openDatabase({ databaseUrl: url || undefined, sqliteFile: path.join(dataDir, 'oa.db') });
  const rows: string[][] = [];
  try {
    for (const s of listed) {
      const which = s.path.endsWith('/todo') ? 'todo' : s.path.endsWith('/done') ? 'done' : null;
      if (!which) continue;
      const user = s.auth === 'none' ? 'admin' : s.auth;
      const q = taskListQuery.parse(s.query ?? {});
      rows.push([s.name, ...(await sampled(() => tasks(handle.db, user, which, q)))]);
    }
  } finally {
    await handle.close();
  }
  return `\n不经内存缓存的待办/已办读取（服务层直接调用，${UNCACHED_SAMPLES} 次依次）\n${table(['场景', 'p50 ms', 'p95 ms', 'p99 ms'], rows)}\n`;
}

/**
 * The module and register lists keep their totals under `business_record_version` (db/count-memo.ts), so the HTTP
 * scenarios above time the count once and then the page alone. Here each call follows a write elsewhere (the
 * counter bumped from another connection, as any write to business_record does): what the first visit after a
 * change costs, counting included. One call at a time, over HTTP.
 */
export async function listsAfterWrite(
  base: string,
  url: string,
  dataDir: string,
  listed: BenchScenario[],
  tokens: Record<string, string | null>,
): Promise<string> {
  const handle = openDatabase({ databaseUrl: url || undefined, sqliteFile: path.join(dataDir, 'oa.db') });
  const rows: string[][] = [];
  try {
    for (const listedScenario of listed) {
      if (!/^\/oa\/api\/auth\/oa\/records\/[^/]+\/list$/.test(listedScenario.path)) continue;
      const s = await prepared(base, listedScenario, tokens[listedScenario.auth] ?? null);
      const bump = () => sql`update business_record_version set version = version + 1 where id = 1`.execute(handle.db);
      rows.push([s.name, ...(await sampled(() => answerRows(base, s, tokens[s.auth] ?? null), bump))]);
    }
  } finally {
    await handle.close();
  }
  return `\n每次写入之后的列表（总数重新计数，HTTP，${UNCACHED_SAMPLES} 次依次）\n${table(['场景', 'p50 ms', 'p95 ms', 'p99 ms'], rows)}\n`;
}

/**
 * The title filter's p95 for a word 200,000 records hold, beside its target (bench/scale/title-word.ts), and the
 * generator's figure kept in the data set.
 */
export async function titleTarget(base: string, url: string, dataDir: string, tokens: Record<string, string | null>) {
  const handle = openDatabase({ databaseUrl: url || undefined, sqliteFile: path.join(dataDir, 'oa.db') });
  try {
    const title = await titleWordTarget(
      handle.db,
      await loadScenarios(),
      (s) => answerRows(base, s, tokens[s.auth] ?? null),
      UNCACHED_SAMPLES,
    );
    return { title, generator: await generatorFigure(handle.db) };
  } finally {
    await handle.close();
  }
}
