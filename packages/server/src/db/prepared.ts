import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './database';

/**
 * Fixed queries asked on (nearly) every request — the session guard's (issue 18): built and compiled once per
 * database handle instead of on every call, and on PostgreSQL sent as a named (prepared) statement, parsed and
 * planned once per connection. Only queries whose SQL text never varies belong here (no `in (…)` lists, no
 * optional conditions): the names are the keys given in code, so their number is bounded by the code.
 * On SQLite every statement is already prepared once per text (`db/sqlite-statements.ts`).
 */
const NAMES = new Map<string, string>();
/** A safety bound: more keys than this means a caller is building names from data. */
const MAX_NAMED = 32;

const compiled = new WeakMap<Db, Map<string, CompiledQuery>>();

/** The statement name PostgreSQL knows `sqlText` by (`pg` prepares it on a connection's first use), if any. */
export const statementName = (sqlText: string): string | undefined => NAMES.get(sqlText);

/** `build(db)` compiled once for this handle under `key`; the query's text is named for PostgreSQL. */
export function preparedQuery<R>(db: Db, key: string, build: (db: Db) => Compilable<R>): CompiledQuery<R> {
  let byKey = compiled.get(db);
  if (!byKey) compiled.set(db, (byKey = new Map()));
  let q = byKey.get(key) as CompiledQuery<R> | undefined;
  if (q) return q;
  q = build(db).compile();
  const known = NAMES.get(q.sql);
  if (!known) {
    if (NAMES.size >= MAX_NAMED) throw new Error(`prepared statements: more than ${MAX_NAMED} (${key})`);
    NAMES.set(q.sql, `oa_${key}`);
  } else if (known !== `oa_${key}`) throw new Error(`prepared statements: ${key} has the SQL of ${known}`);
  byKey.set(key, q);
  return q;
}

/** Runs a prepared query (see preparedQuery) with its fixed parameters, or with `parameters` in their place. */
export async function runPrepared<R>(db: Db, q: CompiledQuery<R>, parameters?: readonly unknown[]): Promise<R[]> {
  if (parameters && parameters.length !== q.parameters.length)
    throw new Error(`prepared statements: ${parameters.length} parameters for ${q.parameters.length} (${statementName(q.sql)})`);
  const query = parameters ? { ...q, parameters } : q;
  return (await db.executeQuery(query)).rows;
}
