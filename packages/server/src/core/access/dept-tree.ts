import { ROLE } from '@oa/shared/constants';
import type { Db } from '../../db/database';
import { deptParents, deptsLedBy } from '../system.repository';

/** Which records a user may see: everything, some departments, or only their own. */
export type DataScope = { kind: 'all' } | { kind: 'dept'; deptCodes: string[] } | { kind: 'self'; userCode: string };

/** What data-scope needs of the request's AuthContext (plugins/auth.ts). */
export interface ScopeSubject {
  user: { userCode: string; deptCode: string | null };
  roleCodes: readonly string[];
  isAdmin: boolean;
}

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

/**
 * The data scope of a request (pass `req.auth`): administrators see all; department leaders (role 001)
 * see their department, the departments they lead, and every sub-department; everyone else sees their own.
 */
export async function dataScope(db: Db, auth: ScopeSubject): Promise<DataScope> {
  if (auth.isAdmin) return { kind: 'all' };
  if (auth.roleCodes.includes(ROLE.DEPT_LEADER)) {
    const led = await deptsLedBy(db, auth.user.userCode);
    const roots = [...new Set([...(auth.user.deptCode ? [auth.user.deptCode] : []), ...led.map((d) => d.dept_code)])];
    const deptCodes = await deptAndDescendants(db, roots);
    if (deptCodes.length > 0) return { kind: 'dept', deptCodes };
  }
  return { kind: 'self', userCode: auth.user.userCode };
}
