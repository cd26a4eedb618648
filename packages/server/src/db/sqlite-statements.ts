import type SQLite from 'better-sqlite3';

/** How many distinct SQL texts keep a prepared statement (least recently used ones are dropped). */
const MAX_STATEMENTS = 500;

/** A better-sqlite3 connection whose statements are prepared once per SQL text. */
export interface CachingDatabase {
  prepare(sqlText: string): SQLite.Statement;
  close(): void;
  cached(): number;
}

/**
 * The database db/sqlite-driver.ts runs statements on: `prepare` answers a cached better-sqlite3 statement per SQL text
 * instead of compiling it on every run. A statement still iterating (a streamed query) is busy; its SQL is then
 * prepared afresh so the two never share one cursor.
 */
export function cachingDatabase(sqlite: SQLite.Database, max = MAX_STATEMENTS): CachingDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      const hit = cache.get(sqlText);
      if (hit) {
        if (hit.busy) return sqlite.prepare(sqlText);
        cache.delete(sqlText); // re-insert: the Map's order is the recency order
        cache.set(sqlText, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sqlText);
      cache.set(sqlText, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return stmt;
    },
    cached: () => cache.size,
  };
}
