import type { Directory, FlowNode, ProcessDefinition } from './definition';
import { chooseBranches, type EvalContext } from './conditions';
import { nameOf, resolveCcUsers, resolveNodeApprovers } from './assignees';

export interface SimulatedApprover {
  userCode: string;
  userName: string;
  auto: boolean;
  reason: string;
}
export interface SimulatedStep {
  nodeId: string;
  nodeName: string;
  type: FlowNode['type'];
  outcome: 'tasks' | 'autoPass' | 'reject' | 'cc' | 'route' | 'start' | 'end';
  approvers: SimulatedApprover[];
  reasons: string[];
}
export interface SimulatedBranch {
  branchNodeId: string;
  mode: 'exclusive' | 'parallel';
  chosen: string[];
  reason: string;
}
export interface SimulateResult {
  route: string[];
  branches: SimulatedBranch[];
  steps: SimulatedStep[];
  outcome: 'approved' | 'rejected' | 'pending';
}

export interface SimulateOptions {
  /** nodeId → users the initiator picked */
  picks?: Record<string, string[]>;
  /** defaults to the initiator's department in the directory */
  initiatorDept?: string | null;
}

/**
 * Walks a definition for a form and an initiator as the engine would, assuming every approver approves:
 * the route (visited node ids), the branch choices and the approvers per node with the special cases
 * applied. Pure; the engine routes with the same functions.
 */
export function simulate(
  def: ProcessDefinition,
  form: Record<string, unknown>,
  initiator: string,
  directory: Directory,
  opts: SimulateOptions = {},
): SimulateResult {
  const ctx: EvalContext = {
    form,
    initiator,
    directory,
    initiatorDept: opts.initiatorDept !== undefined ? opts.initiatorDept : (directory.users[initiator]?.deptCode ?? null),
  };
  const out: SimulateResult = { route: [], branches: [], steps: [], outcome: 'approved' };
  const visited = new Set<string>();
  let rejected = false;
  let hasTasks = false;

  /** Walks a chain; returns the approvers of the last approver node (same approver twice in a row). */
  const walk = (first: FlowNode | null, previous: string[]): string[] => {
    let prev = previous;
    for (let n = first; n && !rejected; n = n.childNode) {
      if (visited.has(n.id)) break; // a corrupt (cyclic) definition never loops
      visited.add(n.id);
      out.route.push(n.id);
      const step: SimulatedStep = { nodeId: n.id, nodeName: n.name, type: n.type, outcome: 'route', approvers: [], reasons: [] };
      out.steps.push(step);
      if (n.type === 'start') {
        step.outcome = 'start';
        step.reasons.push(`发起人：${nameOf(directory, initiator)}`);
      } else if (n.type === 'end') {
        step.outcome = 'end';
      } else if (n.type === 'cc') {
        const r = resolveCcUsers(n, ctx);
        step.outcome = 'cc';
        step.approvers = r.users.map((u) => ({ userCode: u, userName: nameOf(directory, u), auto: false, reason: '抄送' }));
        step.reasons.push(r.reason);
      } else if (n.type === 'approver') {
        const r = resolveNodeApprovers(n, { ...ctx, picks: opts.picks, previousApprovers: prev, adminUserCodes: def.adminUserCodes });
        step.outcome = r.outcome;
        step.reasons = r.reasons;
        step.approvers = r.approvers.map((a) => ({ ...a, userName: nameOf(directory, a.userCode) }));
        if (r.outcome === 'reject') rejected = true;
        if (r.outcome === 'tasks') hasTasks = true;
        prev = r.outcome === 'reject' ? [] : r.approvers.map((a) => a.userCode);
      } else {
        const choice = chooseBranches(n, ctx);
        out.branches.push({ branchNodeId: n.id, mode: n.mode, chosen: choice.chosen.map((b) => b.id), reason: choice.reason });
        step.reasons.push(choice.reason);
        if (n.mode === 'parallel') {
          for (const b of choice.chosen) walk(b.childNode, prev);
          prev = [];
        } else if (choice.chosen[0]) {
          prev = walk(choice.chosen[0].childNode, prev);
        }
      }
    }
    return prev;
  };
  walk(def.root, []);
  out.outcome = rejected ? 'rejected' : hasTasks ? 'pending' : 'approved';
  return out;
}
