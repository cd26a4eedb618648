import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../src/db/database';

/**
 * Which table columns a query reads, from Kysely's operation tree (issue 31): the check that a cache reads only
 * what its counter watches (`db/cache-dependencies.test.ts`).
 * - Tables are named by `TableNode`s in FROM and JOIN, optionally aliased (`AliasNode`); a subquery or CTE in FROM
 *   is a derived table, whose columns are not a table's.
 * - A qualified reference (`u.user_name`) is its table's column; an unqualified one belongs to the innermost scope
 *   holding a table with that column (the database's own column lists decide), or to nothing (an output alias).
 * - `*` and `t.*` read every column of their tables; raw SQL fragments are scanned for words naming a column of a
 *   table in scope (over-approximating, never missing one); a table read without any column (`count(*)`) is
 *   recorded as `table.` (the table itself).
 */

/** table → its columns, as the database has them */
export type SchemaColumns = ReadonlyMap<string, ReadonlySet<string>>;

export async function schemaColumns(db: Db): Promise<SchemaColumns> {
  const tables = await db.introspection.getTables();
  return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
}

/** Keeps every query compiled or run through the handle it is plugged into. */
export class QueryRecorder implements KyselyPlugin {
  readonly queries: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

interface Scope {
  /** name or alias → real table, or null for a derived table */
  names: Map<string, string | null>;
  parent?: Scope;
}

type Node = OperationNode & Record<string, unknown>;
const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).kind === 'string';
const nameOf = (n: unknown): string | undefined => {
  if (!isNode(n)) return undefined;
  if (n.kind === 'IdentifierNode') return n.name as string;
  if (n.kind === 'TableNode') return nameOf((n.table as Node).identifier);
  if (n.kind === 'ColumnNode') return nameOf(n.column);
  return undefined;
};

const QUERY_KINDS = new Set(['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'InsertQueryNode']);
const STRING_LITERAL = /'(?:[^']|'')*'/g;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;

class Walker {
  readonly read = new Set<string>();
  constructor(private readonly schema: SchemaColumns) {}

  private add(table: string, column: string) {
    this.read.add(`${table}.${column}`);
  }

  /** The FROM / JOIN / CTE entries of a query: its scope. */
  private scopeOf(q: Node, parent?: Scope): Scope {
    const scope: Scope = { names: new Map(), parent };
    const withNode = q.with as Node | undefined;
    const ctes = new Set(((withNode?.expressions as Node[] | undefined) ?? []).map((e) => nameOf((e.name as Node).table)));
    const entries: unknown[] = [
      ...(((q.from as Node | undefined)?.froms as unknown[] | undefined) ?? []),
      ...(((q.joins as Node[] | undefined) ?? []).map((j) => j.table) as unknown[]),
      q.kind === 'UpdateQueryNode' ? q.table : undefined,
      q.kind === 'InsertQueryNode' ? q.into : undefined,
    ];
    for (const e of entries) {
      if (!isNode(e)) continue;
      const inner = e.kind === 'AliasNode' ? (e.node as Node) : e;
      const alias = e.kind === 'AliasNode' ? nameOf(e.alias) : undefined;
      const table = inner.kind === 'TableNode' ? nameOf(inner) : undefined;
      const real = table && !ctes.has(table) && this.schema.has(table) ? table : null;
      if (real) this.add(real, '');
      scope.names.set(alias ?? table ?? `#${scope.names.size}`, real);
    }
    for (const c of ctes) if (c) scope.names.set(c, null);
    return scope;
  }

  private tableNamed(name: string, scope: Scope | undefined): string | null {
    for (let s = scope; s; s = s.parent) if (s.names.has(name)) return s.names.get(name)!;
    return null;
  }

  /** An unqualified column: the tables of the innermost scope that have it. */
  private unqualified(column: string, scope: Scope | undefined) {
    for (let s = scope; s; s = s.parent) {
      const owners = [...s.names.values()].filter((t): t is string => !!t && !!this.schema.get(t)?.has(column));
      if (owners.length) return owners.forEach((t) => this.add(t, column));
    }
  }

  private allOf(table: string) {
    for (const c of this.schema.get(table) ?? []) this.add(table, c);
  }

  private raw(node: Node, scope: Scope | undefined) {
    for (const fragment of node.sqlFragments as string[])
      for (const word of fragment.replace(STRING_LITERAL, ' ').match(WORD) ?? []) this.unqualified(word, scope);
  }

  walk(node: unknown, scope?: Scope): void {
    if (Array.isArray(node)) return node.forEach((n) => this.walk(n, scope));
    if (!isNode(node)) return;
    if (QUERY_KINDS.has(node.kind)) scope = this.scopeOf(node, scope);
    switch (node.kind) {
      case 'ReferenceNode': {
        const column = node.column as Node;
        const table = node.table ? this.tableNamed(nameOf(node.table)!, scope) : undefined;
        if (column.kind === 'SelectAllNode') return table ? this.allOf(table) : undefined;
        if (table === undefined) return this.unqualified(nameOf(column)!, scope);
        if (table) this.add(table, nameOf(column)!);
        return;
      }
      case 'ColumnNode':
        return this.unqualified(nameOf(node)!, scope);
      case 'SelectAllNode':
        for (const t of scope?.names.values() ?? []) if (t) this.allOf(t);
        return;
      case 'RawNode':
        this.raw(node, scope);
        break;
      case 'AliasNode':
        // the alias names an output column or a table: nothing read
        return this.walk(node.node, scope);
      case 'TableNode':
        return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'kind') this.walk(child, scope);
  }
}

/** Every `table.column` the queries read (`table.` for a table itself). */
export function columnsRead(queries: readonly RootOperationNode[], schema: SchemaColumns): Set<string> {
  const w = new Walker(schema);
  for (const q of queries) w.walk(q);
  return w.read;
}
