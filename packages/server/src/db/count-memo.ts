import type { CompiledQuery } from 'kysely';
import { memoAnswer } from './answer-memo';
import type { Counted } from './count-capped';
import type { Db } from './database';

/**
 * A list's capped total kept in memory under `business_record_version` (issue 18, migration 088), the counter the
 * request read with its session check (`req.auth.versions.records`): every write to business_record bumps it in the
 * writing transaction, so a total served from here is the one a fresh count would give, on every instance sharing
 * the database. Kept by `memoAnswer` (db/answer-memo.ts), keyed by the count's SQL and parameters (the list, its
 * filters and its reader), handed to `count` to run (compiled once). Without a counter (NaN, or a caller outside a request) it counts.
 */
export const memoCount = <R>(
  db: Db,
  version: number | undefined,
  q: CompiledQuery<R>,
  count: (q: CompiledQuery<R>) => Promise<Counted>,
): Promise<Counted> => memoAnswer(db, 'records', [version], q, count);
