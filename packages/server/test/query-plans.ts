import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Db, Dialect } from '../src/db/database';

/** A database handle that records every query it runs, to read their plans afterwards. */
export function recording(db: Db): { db: Db; taken: () => CompiledQuery[] } {
  const seen: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    db: db.withPlugin(plugin),
    taken: () => seen.splice(0).map((s) => db.getExecutor().compileQuery(s.node, s.queryId)),
  };
}

/** PostgreSQL plan nodes that read all their input before answering (a Limit above them bounds nothing below). */
const READS_ALL = new Set(['Sort', 'Aggregate', 'Hash', 'Materialize', 'Incremental Sort', 'Gather Merge', 'Unique', 'SetOp']);

/**
 * The full scans of the given tables in a query's plan: SQLite `SCAN <table>` without an index, PostgreSQL
 * `Seq Scan` nodes not under a Limit (a bounded read).
 */
export async function fullScans(db: Db, dialect: Dialect, q: CompiledQuery, tables: readonly string[]): Promise<string[]> {
  if (dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]));
    const aliases = aliasesOf(q.sql, tables);
    return plan.rows
      .map((r) => r.detail)
      .filter((d) => {
        const m = /^SCAN (\w+)(.*)$/.exec(d);
        return !!m && aliases.has(m[1]) && !/USING (COVERING )?INDEX/.test(m[2]);
      });
  }
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]));
  const out: string[] = [];
  type PgNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PgNode[] };
  const walk = (n: PgNode, limited: boolean) => {
    if (n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? '') && !limited)
      out.push(`Seq Scan on ${n['Relation Name']}`);
    const type = n['Node Type'];
    for (const c of n.Plans ?? []) walk(c, (limited || type === 'Limit') && !READS_ALL.has(type));
  };
  const json = plan.rows[0]['QUERY PLAN'];
  const root = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PgNode }>;
  walk(root[0].Plan, false);
  return out;
}

/** The names (tables and their aliases) under which the given tables appear in a query. */
function aliasesOf(sqlText: string, tables: readonly string[]): Set<string> {
  const names = new Set<string>(tables);
  for (const t of tables) for (const m of sqlText.matchAll(new RegExp(`"${t}" as "(\\w+)"`, 'g'))) names.add(m[1]);
  return names;
}

/** The plan of a query as text, one node a line: SQLite's details; PostgreSQL's node, index and index condition. */
export async function planText(db: Db, dialect: Dialect, q: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]));
    return plan.rows.map((r) => r.detail).join('\n');
  }
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]));
  const json = plan.rows[0]['QUERY PLAN'];
  type PgNode = { 'Node Type': string; 'Index Name'?: string; 'Index Cond'?: string; Filter?: string; Plans?: PgNode[] };
  const lines: string[] = [];
  const walk = (n: PgNode, depth: number) => {
    const parts = [n['Node Type'], n['Index Name'] && `USING ${n['Index Name']}`, n['Index Cond'] && `(${n['Index Cond']})`];
    lines.push(`${'  '.repeat(depth)}${parts.filter(Boolean).join(' ')}${n.Filter ? ` FILTER ${n.Filter}` : ''}`);
    for (const c of n.Plans ?? []) walk(c, depth + 1);
  };
  walk(((typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PgNode }>)[0].Plan, 0);
  return lines.join('\n');
}
