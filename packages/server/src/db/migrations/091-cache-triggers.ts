import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { syncCacheTriggers } from '../cache-triggers';
import type { OaMigration } from './migration-kit';

/**
 * The change counters' triggers (migrations 078, 082, 084, 087, 088) and the slot columns' trigger (089), written by
 * hand until now, are replaced by the ones generated from the one declaration `db/cache-dependencies.ts`. The
 * session counter now also watches the session columns the guard reads that no write changed so far (id, kind, ip,
 * user agent, created at, revoke reason); everything else keeps its meaning. A later change of the declaration is
 * a new migration calling `syncCacheTriggers` again.
 */
export const m091CacheTriggers: OaMigration = {
  name: '091-cache-triggers',
  async up(db: Kysely<any>, dialect: Dialect) {
    await syncCacheTriggers(db, dialect);
  },
};
