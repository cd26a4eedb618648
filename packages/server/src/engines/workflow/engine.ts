import { chinaDate } from '@oa/shared/format/china-time';
import { STATUS_LABELS } from '@oa/shared/modules/define-module';
import type { ApproverNode, CcNode, Directory, FlowNode, ProcessDefinition } from '@oa/shared/workflow/definition';
import { chooseBranches, type EvalContext } from '@oa/shared/workflow/conditions';
import { modeFailed, modeSatisfied, nameOf, resolveCcUsers, resolveNodeApprovers } from '@oa/shared/workflow/assignees';
import { pathString, scopeKey, type NodePlace } from '@oa/shared/workflow/tree';
import type { Db } from '../../db/database';
import type { Effects, Notice } from './notify';
import { findDeputy } from './delegation.repository';
import {
  addHistory,
  cancelTasks,
  endInstance,
  insertCc,
  insertTask,
  insertToken,
  liveTokens,
  newId,
  tasksOfNode,
  updateTask,
  updateToken,
  type InstanceRow,
  type TaskRow,
  type TokenRow,
} from './runtime.repository';
import type { InstanceStatus } from '../../db/schema/workflow';

/** One action's view of an instance: its definition, the organisation, and what happened so far. */
export interface Rt {
  trx: Db;
  now: string;
  inst: InstanceRow;
  def: ProcessDefinition;
  index: Map<string, NodePlace>;
  dir: Directory;
  fx: Effects;
  form: Record<string, unknown>;
  picks: Record<string, string[]>;
  /** set when the instance left 'running' during this action */
  ended: Exclude<InstanceStatus, 'running'> | null;
}
type Owner = NodePlace['owner'];

const STATUS_LABEL: Readonly<Record<InstanceStatus, string>> = STATUS_LABELS;
const HOUR_MS = 3_600_000;

const evalCtx = (rt: Rt): EvalContext => ({
  form: rt.form,
  initiator: rt.inst.initiator,
  initiatorDept: rt.inst.dept_code,
  directory: rt.dir,
});
const ownerOf = (rt: Rt, nodeId: string): Owner => rt.index.get(nodeId)?.owner ?? null;
export const notice = (rt: Rt, kind: Notice['kind'], title: string, content: string): Notice => ({
  kind,
  title,
  content,
  instanceId: rt.inst.id,
  moduleCode: rt.inst.module_code,
  recordId: rt.inst.record_id,
});

/** Runs a chain from `first` until it waits on tasks, the instance ends, or the chain ends (then rejoins). */
export async function runChain(rt: Rt, token: TokenRow, first: FlowNode | null, owner: Owner): Promise<void> {
  let node = first;
  let own = owner;
  while (!rt.ended) {
    if (!node) return chainEnded(rt, token, own);
    token.node_id = node.id;
    await updateToken(rt.trx, token.id, { node_id: node.id, status: 'active' });
    if (node.type === 'end') return finish(rt, 'approved', 'system');
    if (node.type === 'cc') await enterCc(rt, node);
    if (node.type === 'approver' && (await enterApprover(rt, token, node)) === 'wait') return;
    if (node.type === 'branch') {
      const choice = chooseBranches(node, evalCtx(rt));
      if (node.mode === 'exclusive' && choice.chosen[0]) {
        own = { branchNode: node, branch: choice.chosen[0] };
        node = choice.chosen[0].childNode;
        continue;
      }
      if (node.mode === 'parallel') return enterParallel(rt, token, node, choice.chosen);
    }
    node = node.childNode;
  }
}

async function enterParallel(
  rt: Rt,
  token: TokenRow,
  node: Extract<FlowNode, { type: 'branch' }>,
  branches: Extract<FlowNode, { type: 'branch' }>['branches'],
): Promise<void> {
  await updateToken(rt.trx, token.id, { status: 'waiting', node_id: node.id });
  // Every child token exists before any runs, so that an instant branch does not rejoin early.
  const children = branches.map((b) => ({
    b,
    tok: {
      id: newId(),
      instance_id: rt.inst.id,
      node_id: node.id,
      path: `${token.path}/${scopeKey(node.id, b.id)}`,
      status: 'active' as const,
      prev_approvers: token.prev_approvers,
      created_at: rt.now,
    },
  }));
  for (const c of children) await insertToken(rt.trx, c.tok);
  for (const c of children) {
    if (rt.ended) return;
    await runChain(rt, c.tok, c.b.childNode, { branchNode: node, branch: c.b });
  }
}

async function chainEnded(rt: Rt, token: TokenRow, owner: Owner): Promise<void> {
  if (!owner) return finish(rt, 'approved', 'system');
  const bn = owner.branchNode;
  if (bn.mode === 'exclusive') return runChain(rt, token, bn.childNode, ownerOf(rt, bn.id));
  await updateToken(rt.trx, token.id, { status: 'done' });
  const parentPath = token.path.slice(0, token.path.lastIndexOf('/'));
  const live = await liveTokens(rt.trx, rt.inst.id);
  if (live.some((t) => t.path.startsWith(`${parentPath}/${bn.id}:`))) return;
  const parent = live.find((t) => t.status === 'waiting' && t.node_id === bn.id && t.path === parentPath);
  if (!parent) return;
  parent.prev_approvers = '[]';
  await updateToken(rt.trx, parent.id, { status: 'active', prev_approvers: '[]' });
  return runChain(rt, parent, bn.childNode, ownerOf(rt, bn.id));
}

async function enterCc(rt: Rt, node: CcNode): Promise<void> {
  const { users } = resolveCcUsers(node, evalCtx(rt));
  await insertCc(
    rt.trx,
    users.map((u) => ({ id: newId(), instance_id: rt.inst.id, node_id: node.id, node_name: node.name, user_code: u, created_at: rt.now })),
  );
  await addHistory(rt.trx, {
    instance_id: rt.inst.id,
    node_id: node.id,
    node_name: node.name,
    action: 'cc',
    actor: 'system',
    target: users.join(','),
    created_at: rt.now,
  });
  await rt.fx.notify(
    rt.trx,
    users,
    notice(
      rt,
      'cc',
      `抄送：${rt.inst.title}`,
      `${nameOf(rt.dir, rt.inst.initiator)} 提交的「${rt.inst.title}」（${rt.inst.serial_no}）抄送给您`,
    ),
    rt.now,
  );
}

async function enterApprover(rt: Rt, token: TokenRow, node: ApproverNode): Promise<'wait' | 'next'> {
  const prev = JSON.parse(token.prev_approvers) as string[];
  const r = resolveNodeApprovers(node, { ...evalCtx(rt), picks: rt.picks, previousApprovers: prev, adminUserCodes: rt.def.adminUserCodes });
  const why = r.reasons.join('；');
  const base = { instance_id: rt.inst.id, node_id: node.id, node_name: node.name, actor: 'system', created_at: rt.now };
  if (r.outcome === 'reject') {
    await addHistory(rt.trx, { ...base, action: 'autoReject', comment: why });
    await finish(rt, 'rejected', 'system');
    return 'next';
  }
  const sequential = node.settings.mode.kind === 'sequential';
  let opened = false;
  for (const [i, a] of r.approvers.entries()) {
    if (a.auto) {
      await insertTask(rt.trx, taskRow(rt, token, node, a.userCode, null, { seq: i, status: 'done', result: 'auto', acted_at: rt.now }));
      continue;
    }
    if (r.outcome === 'autoPass') continue;
    const status = sequential && opened ? 'pending' : 'open';
    await createTask(rt, token, node, a.userCode, { seq: i, status });
    opened = true;
  }
  if (r.outcome === 'autoPass') {
    const auto = r.approvers.filter((a) => a.auto).map((a) => a.userCode);
    await addHistory(rt.trx, { ...base, action: auto.length ? 'autoApprove' : 'skip', target: auto.join(',') || null, comment: why });
    token.prev_approvers = JSON.stringify(auto);
    await updateToken(rt.trx, token.id, { prev_approvers: token.prev_approvers });
    return 'next';
  }
  const auto = r.approvers.filter((a) => a.auto).map((a) => a.userCode);
  if (auto.length) await addHistory(rt.trx, { ...base, action: 'autoApprove', target: auto.join(','), comment: why });
  return 'wait';
}

function taskRow(
  rt: Rt,
  token: TokenRow,
  node: ApproverNode,
  assignee: string,
  onBehalfOf: string | null,
  p: Partial<TaskRow> & Pick<TaskRow, 'seq' | 'status'>,
): TaskRow {
  const t = node.settings.timeout;
  return {
    id: newId(),
    instance_id: rt.inst.id,
    module_code: rt.inst.module_code,
    token_id: token.id,
    node_id: node.id,
    node_name: node.name,
    assignee,
    on_behalf_of: onBehalfOf,
    result: null,
    comment: null,
    signature_file_id: null,
    added: 'N',
    wait_for: null,
    created_at: rt.now,
    opened_at: p.status === 'open' ? rt.now : null,
    acted_at: null,
    due_at: p.status === 'open' && t ? new Date(Date.parse(rt.now) + t.afterHours * HOUR_MS).toISOString() : null,
    timeout_count: 0,
    ...p,
  };
}

/** Creates a task for a user, handing it to their deputy when a delegation covers today. */
export async function createTask(
  rt: Rt,
  token: TokenRow,
  node: ApproverNode,
  userCode: string,
  p: Partial<TaskRow> & Pick<TaskRow, 'seq' | 'status'>,
): Promise<TaskRow> {
  const deputy = await findDeputy(rt.trx, userCode, rt.inst.module_code, chinaDate(rt.now));
  const row = taskRow(rt, token, node, deputy ?? userCode, deputy ? userCode : null, p);
  await insertTask(rt.trx, row);
  if (row.status === 'open') await notifyTask(rt, row);
  return row;
}

async function openTask(rt: Rt, task: TaskRow, node: ApproverNode): Promise<void> {
  const t = node.settings.timeout;
  const due = t ? new Date(Date.parse(rt.now) + t.afterHours * HOUR_MS).toISOString() : null;
  await updateTask(rt.trx, task.id, { status: 'open', opened_at: rt.now, due_at: due, wait_for: null });
  await notifyTask(rt, task);
}

const notifyTask = (rt: Rt, task: TaskRow) =>
  rt.fx.notify(
    rt.trx,
    [task.assignee],
    notice(
      rt,
      'task',
      `待审批：${rt.inst.title}`,
      `${nameOf(rt.dir, rt.inst.initiator)} 提交的「${rt.inst.title}」（${rt.inst.serial_no}）等待您审批（${task.node_name}${task.on_behalf_of ? `，代 ${nameOf(rt.dir, task.on_behalf_of)} 审批` : ''}）`,
    ),
    rt.now,
  );

/** After a decision on a node's task: open the next one, complete the node, or reject the instance. */
export async function settleNode(rt: Rt, token: TokenRow, node: ApproverNode): Promise<void> {
  const tasks = await tasksOfNode(rt.trx, token.id, node.id);
  const originals = tasks.filter(
    (t) => t.added === 'N' && t.status !== 'cancelled' && !['transferred', 'reassigned'].includes(t.result ?? ''),
  );
  const added = tasks.filter((t) => t.added === 'Y' && t.status !== 'cancelled' && !['transferred', 'reassigned'].includes(t.result ?? ''));
  const mode = node.settings.mode;
  const approved = originals.filter((t) => t.result === 'approved' || t.result === 'auto');
  const rejected = originals.filter((t) => t.result === 'rejected').length;
  if (added.some((t) => t.result === 'rejected') || modeFailed(mode, originals.length, rejected)) return finish(rt, 'rejected', 'system');
  const addedOpen = added.some((t) => t.status === 'open' || t.status === 'pending');
  const satisfied = modeSatisfied(mode, originals.length, approved.length);
  if (satisfied && !addedOpen) {
    await cancelTasks(rt.trx, rt.inst.id, rt.now, [token.id]);
    token.prev_approvers = JSON.stringify([...approved, ...added].map((t) => t.on_behalf_of ?? t.assignee));
    await updateToken(rt.trx, token.id, { prev_approvers: token.prev_approvers });
    return runChain(rt, token, node.childNode, ownerOf(rt, node.id));
  }
  if (mode.kind === 'sequential' && !originals.some((t) => t.status === 'open' || (t.status === 'pending' && t.wait_for))) {
    const next = originals.find((t) => t.status === 'pending' && !t.wait_for);
    if (next) return openTask(rt, next, node);
  }
  if (!satisfied && originals.every((t) => t.status === 'done') && !addedOpen) return finish(rt, 'rejected', 'system');
}

/** Ends the instance: cancels what is open, records and notifies the initiator. */
export async function finish(
  rt: Rt,
  status: Exclude<InstanceStatus, 'running'>,
  actor: string,
  comment: string | null = null,
  onlyUnacted = false,
): Promise<void> {
  if (rt.ended) return;
  if (!(await endInstance(rt.trx, rt.inst.id, status, rt.now, onlyUnacted))) throw new Error('instance already ended');
  rt.ended = status;
  await cancelTasks(rt.trx, rt.inst.id, rt.now);
  for (const t of await liveTokens(rt.trx, rt.inst.id))
    await updateToken(rt.trx, t.id, { status: status === 'approved' ? 'done' : 'cancelled' });
  await addHistory(rt.trx, { instance_id: rt.inst.id, action: 'finish', actor, target: status, comment, created_at: rt.now });
  const kind = status === 'returned' ? 'return' : 'result';
  await rt.fx.notify(
    rt.trx,
    [rt.inst.initiator],
    notice(
      rt,
      kind,
      `审批${STATUS_LABEL[status]}：${rt.inst.title}`,
      `您提交的「${rt.inst.title}」（${rt.inst.serial_no}）${STATUS_LABEL[status]}`,
    ),
    rt.now,
  );
}

/** A return to a passed node: the scope around it restarts there (other parallel branches go on). */
export async function restartAt(rt: Rt, nodeId: string): Promise<void> {
  const place = rt.index.get(nodeId);
  if (!place) throw new Error(`unknown node ${nodeId}`);
  const path = pathString(place.parallelPath);
  const hit = (await liveTokens(rt.trx, rt.inst.id)).filter((t) => t.path === path || t.path.startsWith(`${path}/`));
  await cancelTasks(
    rt.trx,
    rt.inst.id,
    rt.now,
    hit.map((t) => t.id),
  );
  for (const t of hit) await updateToken(rt.trx, t.id, { status: 'cancelled' });
  const tok: TokenRow = {
    id: newId(),
    instance_id: rt.inst.id,
    node_id: nodeId,
    path,
    status: 'active',
    prev_approvers: '[]',
    created_at: rt.now,
  };
  await insertToken(rt.trx, tok);
  await runChain(rt, tok, place.node, place.owner);
}
