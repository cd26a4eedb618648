import type { Db } from '../../db/database';
import { deptParents } from '../system.repository';

/** A department and every department below it (cycle-safe). */
export async function deptAndDescendants(db: Db, roots: readonly string[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await deptParents(db);
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.parent_code) continue;
    const list = children.get(r.parent_code) ?? [];
    list.push(r.dept_code);
    children.set(r.parent_code, list);
  }
  const known = new Set(rows.map((r) => r.dept_code));
  const out = new Set<string>();
  const stack = roots.filter((c) => known.has(c));
  while (stack.length) {
    const c = stack.pop()!;
    if (out.has(c)) continue;
    out.add(c);
    stack.push(...(children.get(c) ?? []));
  }
  return [...out].sort();
}
