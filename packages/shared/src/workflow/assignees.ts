import type { ApprovalMode, ApproverNode, Assignee, CcNode, Directory } from './definition';
import { codesOf, isDeptUnder, type EvalContext } from './conditions';

/** The leaders above a user: own department's leader first, then each parent's (skipping the user and empty posts). */
export function supervisorsOf(directory: Directory, userCode: string, deptCode: string | null): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let d = deptCode; d && !seen.has(d); d = directory.depts[d]?.parentCode ?? null) {
    seen.add(d);
    const leader = directory.depts[d]?.leaderUserCode;
    if (leader && leader !== userCode && !out.includes(leader)) out.push(leader);
  }
  return out;
}

export const nameOf = (directory: Directory, code: string): string => directory.users[code]?.userName ?? code;
const names = (directory: Directory, codes: readonly string[]): string => codes.map((c) => nameOf(directory, c)).join('、') || '无';
const unique = (xs: string[]): string[] => [...new Set(xs)];

export interface AssigneeResult {
  users: string[];
  reason: string;
}

/** The users an assignee rule names, in order (before the special cases). */
export function resolveAssignee(a: Assignee, ctx: EvalContext, nodeId: string, picks?: Record<string, string[]>): AssigneeResult {
  const dir = ctx.directory;
  switch (a.kind) {
    case 'users':
      return { users: unique(a.userCodes), reason: `指定成员：${names(dir, a.userCodes)}` };
    case 'role': {
      const users = Object.values(dir.users)
        .filter(
          (u) =>
            u.roleCodes.includes(a.roleCode) &&
            (a.scope === 'all' || isDeptUnder(dir, u.deptCode, ctx.initiatorDept ? [ctx.initiatorDept] : [])),
        )
        .map((u) => u.userCode)
        .sort();
      return { users, reason: `角色 ${a.roleCode}${a.scope === 'initiatorDept' ? '（发起人部门内）' : ''}：${names(dir, users)}` };
    }
    case 'deptLeader': {
      const leader = ctx.initiatorDept ? (dir.depts[ctx.initiatorDept]?.leaderUserCode ?? null) : null;
      return { users: leader ? [leader] : [], reason: `发起人部门负责人：${leader ? nameOf(dir, leader) : '未设置'}` };
    }
    case 'supervisor': {
      const s = supervisorsOf(dir, ctx.initiator, ctx.initiatorDept)[a.level - 1];
      return { users: s ? [s] : [], reason: `第 ${a.level} 级主管：${s ? nameOf(dir, s) : '不存在'}` };
    }
    case 'supervisorChain': {
      const chain = supervisorsOf(dir, ctx.initiator, ctx.initiatorDept).slice(0, a.topLevel);
      return { users: chain, reason: `逐级主管（至第 ${a.topLevel} 级）：${names(dir, chain)}` };
    }
    case 'initiatorPicks': {
      let chosen = unique(picks?.[nodeId] ?? []);
      if (a.candidates.length) chosen = chosen.filter((c) => a.candidates.includes(c));
      if (!a.multiple) chosen = chosen.slice(0, 1);
      return { users: chosen, reason: `发起人自选：${names(dir, chosen)}` };
    }
    case 'initiator':
      return { users: [ctx.initiator], reason: `发起人本人：${nameOf(dir, ctx.initiator)}` };
    case 'formUser': {
      const users = unique(codesOf(ctx.form[a.field]));
      return { users, reason: `表单人员字段「${a.field}」：${names(dir, users)}` };
    }
  }
}

/** Process administrators; without any, the system administrators of the directory. */
export function fallbackAdmins(directory: Directory, adminUserCodes: readonly string[]): string[] {
  const named = adminUserCodes.filter((c) => directory.users[c]?.active);
  if (named.length) return named;
  return Object.values(directory.users)
    .filter((u) => u.active && u.roleCodes.includes('admin'))
    .map((u) => u.userCode)
    .sort();
}

export interface ResolvedApprover {
  userCode: string;
  auto: boolean;
  reason: string;
}
export interface ResolvedNode {
  outcome: 'tasks' | 'autoPass' | 'reject';
  approvers: ResolvedApprover[];
  reasons: string[];
}
export interface ResolveInput extends EvalContext {
  picks?: Record<string, string[]>;
  /** who approved the previous approver node on this path (same approver twice in a row) */
  previousApprovers: readonly string[];
  adminUserCodes: readonly string[];
}

const firstActiveLeader = (dir: Directory, input: ResolveInput): string | undefined =>
  supervisorsOf(dir, input.initiator, input.initiatorDept).find((l) => dir.users[l]?.active);

/** The leader of a department (the initiator may be it), else of the nearest department above that has an active one. */
function deptLeaderOf(dir: Directory, deptCode: string | null): string | undefined {
  const seen = new Set<string>();
  for (let d = deptCode; d && !seen.has(d); d = dir.depts[d]?.parentCode ?? null) {
    seen.add(d);
    const leader = dir.depts[d]?.leaderUserCode;
    if (leader && dir.users[leader]?.active) return leader;
  }
  return undefined;
}

/** The approvers of a node with every special case applied, and a Chinese reason for each decision. */
export function resolveNodeApprovers(node: ApproverNode, input: ResolveInput): ResolvedNode {
  const dir = input.directory;
  const s = node.settings;
  const base = resolveAssignee(s.assignee, input, node.id, input.picks);
  const reasons = [base.reason];
  const admins = fallbackAdmins(dir, input.adminUserCodes);
  let users: string[] = [];
  for (const u of base.users) {
    const entry = dir.users[u];
    if (entry?.active) users.push(u);
    else {
      reasons.push(`${nameOf(dir, u)}${entry ? '已离职' : '不存在'}，转交流程管理员：${names(dir, admins)}`);
      users.push(...admins);
    }
  }
  users = unique(users);
  let skipped = false;
  if (users.includes(input.initiator)) {
    if (s.whenInitiator === 'skip') {
      users = users.filter((u) => u !== input.initiator);
      skipped = true;
      reasons.push('审批人为发起人本人，自动跳过');
    } else if (s.whenInitiator === 'toLeader') {
      const leader = firstActiveLeader(dir, input);
      users = unique(users.flatMap((u) => (u === input.initiator ? (leader ? [leader] : []) : [u])));
      reasons.push(leader ? `审批人为发起人本人，转交其上级：${nameOf(dir, leader)}` : '审批人为发起人本人，且没有上级，跳过');
      if (!leader) skipped = true;
    } else reasons.push('审批人为发起人本人，由发起人自行审批');
  }
  if (!users.length) {
    if (skipped) return { outcome: 'autoPass', approvers: [], reasons };
    if (s.whenEmpty === 'autoPass') return { outcome: 'autoPass', approvers: [], reasons: [...reasons, '未找到审批人，自动通过'] };
    if (s.whenEmpty === 'reject') return { outcome: 'reject', approvers: [], reasons: [...reasons, '未找到审批人，自动驳回'] };
    const leader = s.whenEmpty === 'toLeader' ? deptLeaderOf(dir, input.initiatorDept) : undefined;
    if (leader) {
      users = [leader];
      reasons.push(`未找到审批人，转交发起人部门负责人：${nameOf(dir, leader)}`);
    }
  }
  if (!users.length) {
    if (!admins.length) return { outcome: 'autoPass', approvers: [], reasons: [...reasons, '未找到审批人，也没有流程管理员，自动通过'] };
    users = admins;
    reasons.push(`未找到审批人，转交流程管理员：${names(dir, admins)}`);
  }
  const approvers = users.map((u) => {
    const auto = s.dedupeConsecutive && input.previousApprovers.includes(u);
    return { userCode: u, auto, reason: auto ? `${nameOf(dir, u)} 与上一节点审批人相同，自动通过` : `由 ${nameOf(dir, u)} 审批` };
  });
  for (const a of approvers) if (a.auto) reasons.push(a.reason);
  const autoCount = approvers.filter((a) => a.auto).length;
  const outcome = autoCount && modeSatisfied(s.mode, approvers.length, autoCount) ? 'autoPass' : 'tasks';
  return { outcome, approvers, reasons };
}

/** The CC recipients of a node (inactive people dropped). */
export function resolveCcUsers(node: CcNode, ctx: EvalContext): AssigneeResult {
  const r = resolveAssignee(node.settings.assignee, ctx, node.id);
  const users = r.users.filter((u) => ctx.directory.users[u]?.active);
  return { users, reason: `抄送：${names(ctx.directory, users)}` };
}

/** Whether a node's approvals are enough: `approved` of `total` original approvers. */
export function modeSatisfied(mode: ApprovalMode, total: number, approved: number): boolean {
  if (total <= 0) return true;
  switch (mode.kind) {
    case 'any':
      return approved >= 1;
    case 'ratio':
      return approved * 100 >= mode.percent * total;
    default:
      return approved >= total;
  }
}

/** Whether rejections make the node fail: any rejection, except in ratio mode while the ratio is still reachable. */
export function modeFailed(mode: ApprovalMode, total: number, rejected: number): boolean {
  if (rejected <= 0) return false;
  if (mode.kind === 'ratio') return (total - rejected) * 100 < mode.percent * total;
  return true;
}
