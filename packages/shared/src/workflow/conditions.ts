import type { Branch, BranchNode, Condition, Directory } from './definition';

/** What conditions and assignee rules read: the form, the initiator and the organisation. */
export interface EvalContext {
  form: Record<string, unknown>;
  initiator: string;
  /** the initiator's department when submitting */
  initiatorDept: string | null;
  directory: Directory;
}

const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** A user / dept / select value: a string, an array of strings, or objects carrying a code. */
export function codesOf(v: unknown): string[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v.flatMap(codesOf);
  if (typeof v === 'string') return v ? [v] : [];
  if (typeof v === 'number') return [String(v)];
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['userCode', 'deptCode', 'value', 'code']) if (typeof o[k] === 'string') return [o[k] as string];
  }
  return [];
}

const dateOf = (v: unknown): string | null => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && /^\d{4}-\d{2}-\d{2}/.test(first) ? first.slice(0, 10) : null;
};

/** Whether `deptCode` is one of `roots` or below one of them. */
export function isDeptUnder(directory: Directory, deptCode: string | null, roots: readonly string[]): boolean {
  const seen = new Set<string>();
  for (let d = deptCode; d && !seen.has(d); d = directory.depts[d]?.parentCode ?? null) {
    if (roots.includes(d)) return true;
    seen.add(d);
  }
  return false;
}

function compare<T extends number | string>(x: T, op: string, a: T, b: T | undefined): boolean {
  switch (op) {
    case '<':
      return x < a;
    case '<=':
      return x <= a;
    case '=':
      return x === a;
    case '>=':
      return x >= a;
    case '>':
      return x > a;
    case '!=':
      return x !== a;
    case 'between':
      return b !== undefined && x >= a && x <= b;
    default:
      return false;
  }
}

/** One condition; a missing or malformed form value never satisfies it. */
export function evaluateCondition(c: Condition, ctx: EvalContext): boolean {
  switch (c.kind) {
    case 'number': {
      const x = toNumber(ctx.form[c.field]);
      return x !== null && compare(x, c.op, c.value, c.value2);
    }
    case 'date': {
      const x = dateOf(ctx.form[c.field]);
      return x !== null && compare(x, c.op, c.value, c.value2);
    }
    case 'select':
      return codesOf(ctx.form[c.field]).some((v) => c.values.includes(v));
    case 'user':
      return codesOf(ctx.form[c.field]).some((v) => c.userCodes.includes(v));
    case 'dept':
      return codesOf(ctx.form[c.field]).some((v) => isDeptUnder(ctx.directory, v, c.deptCodes));
    case 'initiatorDept':
      return isDeptUnder(ctx.directory, ctx.initiatorDept, c.deptCodes);
    case 'initiatorRole':
      return (ctx.directory.users[ctx.initiator]?.roleCodes ?? []).some((r) => c.roleCodes.includes(r));
  }
}

/** All conditions of a branch hold (AND); a non-default branch without conditions always holds. */
export const branchHolds = (b: Branch, ctx: EvalContext): boolean => b.conditions.every((c) => evaluateCondition(c, ctx));

export interface BranchChoice {
  chosen: Branch[];
  reason: string;
}

/**
 * Exclusive: the first non-default branch (by priority, then list order) whose conditions hold, else the
 * default branch (none when there is no default). Parallel: every branch.
 */
export function chooseBranches(node: BranchNode, ctx: EvalContext): BranchChoice {
  if (node.mode === 'parallel')
    return { chosen: [...node.branches], reason: `并行分支：同时进入 ${node.branches.map((b) => b.name).join('、')}` };
  const ordered = node.branches
    .map((b, i) => ({ b, i }))
    .sort((x, y) => x.b.priority - y.b.priority || x.i - y.i)
    .map((x) => x.b);
  const hit = ordered.find((b) => !b.isDefault && branchHolds(b, ctx));
  if (hit) return { chosen: [hit], reason: `满足条件，进入分支「${hit.name}」（优先级 ${hit.priority}）` };
  const fallback = ordered.find((b) => b.isDefault);
  if (fallback) return { chosen: [fallback], reason: `其他条件均不满足，进入默认分支「${fallback.name}」` };
  return { chosen: [], reason: '没有满足条件的分支，也没有默认分支，跳过该条件节点' };
}
