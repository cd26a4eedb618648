import type { RequestVersions } from '../../core/identity.repository';
import type { Db } from '../../db/database';

/** At most this many answers are kept per handle (beyond, the oldest goes). */
const MAX_ANSWERS = 5_000;

interface Answers {
  todo: number;
  auth: number;
  byKey: Map<string, unknown>;
}
const caches = new WeakMap<Db, Answers>();

/**
 * The to-do and done lists' answers kept in memory (issue 18: a leader with 2,000 open tasks asks the same first
 * page on every visit and poll). An answer serves only while `wf_todo_version` — bumped in the same transaction by
 * every write to a task and to the instance columns the lists show (migration 084) — and `sys_auth_version` (the
 * names on the rows) are the values the request read with its session check; any change empties the cache. So
 * an answer is the one a fresh read would give, on every instance sharing the database.
 */
export async function cachedAnswer<T>(db: Db, versions: RequestVersions, key: string, read: () => Promise<T>): Promise<T> {
  let c = caches.get(db);
  if (!c || c.todo !== versions.todo || c.auth !== versions.auth)
    caches.set(db, (c = { todo: versions.todo, auth: versions.auth, byKey: new Map() }));
  const hit = c.byKey.get(key) as T | undefined;
  if (hit !== undefined) return hit;
  // read after the counters: a write committed in between is in the answer (kept under the older counter,
  // it is dropped at the next request, which reads the newer one)
  const answer = await read();
  if (c.byKey.size >= MAX_ANSWERS) c.byKey.delete(c.byKey.keys().next().value!);
  c.byKey.set(key, answer);
  return answer;
}
