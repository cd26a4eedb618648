import type { RequestVersions } from '../../core/identity/identity.repository';
import type { Db } from '../../db/database';

/** At most this many answers, and this many rows in them, are kept per handle (beyond, the oldest go). */
const MAX_ANSWERS = 5_000;
const MAX_ROWS = 50_000;

interface Answers {
  todo: number;
  auth: number;
  byKey: Map<string, { answer: unknown; rows: number }>;
  rows: number;
}
const caches = new WeakMap<Db, Answers>();

/**
 * The to-do and done lists' answers kept in memory (issue 18: a leader with 2,000 open tasks asks the same first
 * page on every visit and poll). An answer serves only while `wf_todo_version` — bumped in the same transaction by
 * every write to a task and to the instance columns the lists show (migration 084) — and `sys_auth_version` (the
 * names on the rows) are the values the request read with its session check; any change empties the cache. So
 * an answer is the one a fresh read would give, on every instance sharing the database.
 */
export async function cachedAnswer<T extends { list: readonly unknown[] }>(
  db: Db,
  versions: RequestVersions,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  let c = caches.get(db);
  if (!c || c.todo !== versions.todo || c.auth !== versions.auth)
    caches.set(db, (c = { todo: versions.todo, auth: versions.auth, byKey: new Map(), rows: 0 }));
  const hit = c.byKey.get(key);
  if (hit) return hit.answer as T;
  // read after the counters: a write committed in between is in the answer (kept under the older counter,
  // it is dropped at the next request, which reads the newer one)
  const answer = await read();
  const rows = answer.list.length;
  while (c.byKey.size && (c.byKey.size >= MAX_ANSWERS || c.rows + rows > MAX_ROWS)) {
    const [oldest, kept] = c.byKey.entries().next().value!;
    c.byKey.delete(oldest);
    c.rows -= kept.rows;
  }
  c.byKey.set(key, { answer, rows });
  c.rows += rows;
  return answer;
}
