import type { CompiledQuery } from 'kysely';
import type { Db } from './database';

/** At most this many answers, and this many rows in them, are kept per handle and counter (beyond, the oldest go). */
export const MEMO_LIMITS = { answers: 5_000, rows: 50_000 };

/** The change counters (db/cache-dependencies.ts) an answer is kept under, as the request read them. */
export type MemoCounter = 'records' | 'todo' | 'search';

interface Kept {
  /** the counters' values the answers were read under */
  versions: readonly number[];
  byKey: Map<string, { answer: unknown; rows: number }>;
  rows: number;
}
const memos = new WeakMap<Db, Map<MemoCounter, Kept>>();

/** The key of a compiled query: its SQL and its parameters (which carry the reader's scope). */
const queryKey = (q: CompiledQuery, more: string): string => `${q.sql}\u0000${JSON.stringify(q.parameters)}\u0000${more}`;

/** How many rows an answer holds, for the memory bound: its rows when an array, else 1. */
const rowsOf = (answer: unknown): number => (Array.isArray(answer) ? Math.max(1, answer.length) : 1);

/**
 * An answer (a page's rows, a total, a search's page) kept in memory under change counters (issue 35): it is
 * served only while every counter in `versions` has the value it was read under. The counters are read with the
 * request's session check (`req.auth.versions`) and bumped by triggers in every writing transaction
 * (db/cache-dependencies.ts), so an answer served from here is the one a fresh read would give, on every instance
 * sharing the database, and a writer's next request after its acknowledged write reads again. Keyed by `q`, the
 * answer's defining query compiled (its SQL and parameters: the list, its filters, its page and its reader — every
 * input of the answer must be in it, or in `more`), so one user is never answered another's rows. The read runs
 * after the counters were read: a write committed in between is in it (kept under the older values, it is dropped
 * by the next request, which reads the newer ones). Without a counter (undefined or NaN: a caller outside a
 * request) it reads. `read` is handed `q`: an answer that is the query's own rows runs it (`db.executeQuery`)
 * rather than compiling it again. Answers are shared by requests: never mutate one.
 */
export async function memoAnswer<T, R = unknown>(
  db: Db,
  counter: MemoCounter,
  versions: readonly (number | undefined)[] | undefined,
  q: CompiledQuery<R>,
  read: (q: CompiledQuery<R>) => Promise<T>,
  more = '',
): Promise<T> {
  if (!versions?.length || versions.some((v) => v === undefined || !Number.isFinite(v))) return read(q);
  const now = versions as readonly number[];
  let byCounter = memos.get(db);
  if (!byCounter) memos.set(db, (byCounter = new Map()));
  let kept = byCounter.get(counter);
  if (!kept || !same(kept.versions, now)) {
    // a request that read older values (it began before a write) reads for itself and keeps nothing
    if (kept && now.some((v, i) => v < (kept!.versions[i] ?? -Infinity))) return read(q);
    byCounter.set(counter, (kept = { versions: now, byKey: new Map(), rows: 0 }));
  }
  const key = queryKey(q, more);
  const hit = kept.byKey.get(key);
  if (hit) return hit.answer as T;
  const answer = await read(q);
  remember(kept, key, answer);
  return answer;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function remember(kept: Kept, key: string, answer: unknown): void {
  const rows = rowsOf(answer);
  if (rows > MEMO_LIMITS.rows) return;
  while (kept.byKey.size && (kept.byKey.size >= MEMO_LIMITS.answers || kept.rows + rows > MEMO_LIMITS.rows)) {
    const [oldest, gone] = kept.byKey.entries().next().value!;
    kept.byKey.delete(oldest);
    kept.rows -= gone.rows;
  }
  kept.byKey.set(key, { answer, rows });
  kept.rows += rows;
}

/** What a handle keeps under a counter now (for tests of the bound). */
export function memoSize(db: Db, counter: MemoCounter): { answers: number; rows: number } {
  const kept = memos.get(db)?.get(counter);
  return { answers: kept?.byKey.size ?? 0, rows: kept?.rows ?? 0 };
}
