import type { CompiledQuery } from 'kysely';
import type { Counted } from './count-capped';
import type { Db } from './database';

/** At most this many totals are kept per handle (beyond, the oldest go). */
const MAX_TOTALS = 5_000;

interface Totals {
  version: number;
  byQuery: Map<string, Counted>;
}
const kept = new WeakMap<Db, Totals>();

/**
 * A list's capped total kept in memory under `business_record_version` (issue 18, migration 088), the counter the
 * request read with its session check (`req.auth.versions.records`): every write to business_record bumps it in the
 * writing transaction, so a total served from here is the one a fresh count would give, on every instance sharing
 * the database. Keyed by the count's SQL and parameters (the list, its filters and its reader). The count runs after
 * the counter was read: a write committed in between is in it (kept under the older value, it is dropped by the
 * next request, which reads the newer one). Without a counter (NaN, or a caller outside a request) it counts.
 */
export async function memoCount(db: Db, version: number | undefined, q: CompiledQuery, count: () => Promise<Counted>): Promise<Counted> {
  if (version === undefined || !Number.isFinite(version)) return count();
  let t = kept.get(db);
  if (!t || t.version !== version) kept.set(db, (t = { version, byQuery: new Map() }));
  const key = `${q.sql}\u0000${JSON.stringify(q.parameters)}`;
  const hit = t.byQuery.get(key);
  if (hit) return hit;
  const counted = await count();
  if (t.byQuery.size >= MAX_TOTALS) t.byQuery.delete(t.byQuery.keys().next().value!);
  t.byQuery.set(key, counted);
  return counted;
}
