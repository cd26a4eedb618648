import type { ActionResult } from '@oa/shared/contract/workflow';
import { mentionedReaders, tellMentioned } from './mentions';
import { checkSignature } from './signature';
import { withdrawRefusal } from './withdraw-rule';
import { nameOf } from '@oa/shared/workflow/assignees';
import { indexNodes } from '@oa/shared/workflow/tree';
import type { ProcessOutcome, StartInput, WorkflowEngine } from '../../core/ports/workflow-port';
import type { Db } from '../../db/database';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { nowIso, MINUTE } from '../../lib/time';
import { createTask, finish, notice, runChain, type Rt } from './engine';
import { Effects } from './notify';
import { fieldPermissionsOf } from './field-perms';
import { checkPicks, pickNodesOnRoute } from './picks';
import { boundDefinition } from './definitions.service';
import { resumeNodeOf } from './returns';
import { loadDirectory } from './directory.repository';
import { auditAction } from './action-audit';
import { definitionBody, ensureRunning, inTransaction, loadRt, reportOutcome, type WfDeps } from './runtime';
import {
  addHistory,
  claimUrge,
  findRunningInstance,
  findTask,
  findToken,
  insertInstance,
  insertToken,
  newId,
  type InstanceRow,
  closeTask,
  instancesOfRecord,
  moveWaiters,
  openAssignees,
  takesPartIn,
} from './runtime.repository';

/** Starts the process bound to the module (by the initiator's department) inside the caller's transaction. */
async function startInstance(trx: Db, fx: Effects, input: StartInput): Promise<{ instanceId: string; outcome: ProcessOutcome }> {
  if (await findRunningInstance(trx, input.moduleCode, input.recordId)) throw bizError('该申请已在审批中');
  const defRow = await boundDefinition(trx, input.moduleCode, input.deptCode);
  const def = await definitionBody(trx, defRow.id);
  const dir = await loadDirectory(trx);
  checkPicks(pickNodesOnRoute(def, input.form, input.initiator, dir, input.deptCode), input.picks ?? {}, dir);
  const now = nowIso();
  const inst: InstanceRow = {
    id: newId(),
    definition_id: defRow.id,
    version: defRow.version,
    module_code: input.moduleCode,
    record_id: input.recordId,
    serial_no: input.serialNo,
    title: input.title,
    initiator: input.initiator,
    dept_code: input.deptCode,
    status: 'running',
    form: JSON.stringify(input.form),
    picks: JSON.stringify(input.picks ?? {}),
    acted: 'N',
    rev: 0,
    started_at: now,
    ended_at: null,
    last_urged_at: null,
    resume_node_id: null,
  };
  await insertInstance(trx, inst);
  const rt: Rt = { trx, now, inst, def, index: indexNodes(def), dir, fx, form: input.form, picks: input.picks ?? {}, ended: null };
  const previous = (await instancesOfRecord(trx, input.moduleCode, input.recordId)).find((r) => r.id !== inst.id);
  await addHistory(trx, {
    instance_id: inst.id,
    node_id: def.root.id,
    node_name: def.root.name,
    action: 'submit',
    actor: input.initiator,
    created_at: now,
  });
  const resumeAt = resumeNodeOf(previous, defRow.id, rt.index);
  if (previous?.status === 'returned')
    await addHistory(trx, {
      instance_id: inst.id,
      node_id: resumeAt,
      node_name: resumeAt ? rt.index.get(resumeAt)!.node.name : null,
      action: 'resubmit',
      actor: input.initiator,
      comment: resumeAt ? `直接送回退回节点「${rt.index.get(resumeAt)!.node.name}」，此前的审批保留` : '从头重新审批',
      created_at: now,
    });
  const token = {
    id: newId(),
    instance_id: inst.id,
    node_id: def.root.id,
    path: '',
    status: 'active' as const,
    prev_approvers: '[]',
    created_at: now,
  };
  if (resumeAt) {
    const place = rt.index.get(resumeAt)!;
    await insertToken(trx, { ...token, node_id: resumeAt });
    await runChain(rt, { ...token, node_id: resumeAt }, place.node, place.owner);
  } else {
    await insertToken(trx, token);
    await runChain(rt, token, def.root, null);
  }
  return { instanceId: inst.id, outcome: rt.ended ?? 'running' };
}

async function instanceRt(trx: Db, fx: Effects, instanceId: string): Promise<Rt> {
  const rt = await loadRt(trx, fx, instanceId);
  ensureRunning(rt);
  return rt;
}

/** The initiator withdraws while nobody acted. `report`: tell the records engine (not when it called us). */
async function withdrawIn(
  deps: WfDeps,
  trx: Db,
  fx: Effects,
  instanceId: string,
  userCode: string,
  report: boolean,
): Promise<ActionResult> {
  const rt = await instanceRt(trx, fx, instanceId);
  const refusal = withdrawRefusal(rt.inst, userCode);
  if (refusal) throw bizError(refusal);
  await addHistory(trx, { instance_id: rt.inst.id, action: 'withdraw', actor: userCode, created_at: rt.now });
  const open = await openAssignees(trx, rt.inst.id);
  try {
    await finish(rt, 'withdrawn', userCode, null, true);
  } catch {
    throw bizError('已有审批人处理，不能撤回');
  }
  await fx.notify(
    trx,
    open,
    notice(rt, 'system', `已撤回：${rt.inst.title}`, `${nameOf(rt.dir, userCode)} 撤回了「${rt.inst.title}」`),
    rt.now,
  );
  if (report) await reportOutcome(deps, rt);
  await auditAction(trx, deps, {
    action: 'withdraw',
    actor: userCode,
    instanceId: rt.inst.id,
    moduleCode: rt.inst.module_code,
    recordId: rt.inst.record_id,
  });
  return { instanceId: rt.inst.id, status: 'withdrawn' };
}

export const withdraw = (deps: WfDeps, userCode: string, instanceId: string) =>
  inTransaction(deps, (trx, fx) => withdrawIn(deps, trx, fx, instanceId, userCode, true));

const URGE_EVERY = 10 * MINUTE;
export async function urge(deps: WfDeps, userCode: string, instanceId: string, comment?: string): Promise<ActionResult> {
  return inTransaction(deps, async (trx, fx) => {
    const rt = await instanceRt(trx, fx, instanceId);
    if (rt.inst.initiator !== userCode) throw bizError('只有发起人可以催办');
    if (!(await claimUrge(trx, rt.inst.id, rt.now, new Date(Date.parse(rt.now) - URGE_EVERY).toISOString())))
      throw bizError('催办过于频繁，请 10 分钟后再试');
    const open = await openAssignees(trx, rt.inst.id);
    await addHistory(trx, {
      instance_id: rt.inst.id,
      action: 'urge',
      actor: userCode,
      comment: comment ?? null,
      target: open.join(',') || null,
      created_at: rt.now,
    });
    await fx.notify(
      trx,
      open,
      notice(
        rt,
        'urge',
        `催办：${rt.inst.title}`,
        `${nameOf(rt.dir, userCode)} 催您尽快审批「${rt.inst.title}」（${rt.inst.serial_no}）${comment ? `：${comment}` : ''}`,
      ),
      rt.now,
    );
    await auditAction(trx, deps, {
      action: 'urge',
      actor: userCode,
      instanceId: rt.inst.id,
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
    });
    return { instanceId: rt.inst.id, status: 'running' };
  });
}

export const isParticipantOf = (db: Db, instanceIds: string[], userCode: string): Promise<boolean> =>
  takesPartIn(db, instanceIds, userCode);

export async function comment(
  deps: WfDeps,
  userCode: string,
  instanceId: string,
  text: string,
  signatureFileId?: string,
): Promise<ActionResult> {
  const mentioned = await mentionedReaders(deps.ctx, { instanceId }, userCode, text);
  return inTransaction(deps, async (trx, fx) => {
    const rt = await loadRt(trx, fx, instanceId);
    if (rt.inst.initiator !== userCode && !(await isParticipantOf(trx, [rt.inst.id], userCode)))
      throw bizError('您不是该流程的参与人，不能评论');
    await checkSignature(trx, userCode, signatureFileId);
    await addHistory(trx, {
      instance_id: rt.inst.id,
      action: 'comment',
      actor: userCode,
      comment: text,
      signature_file_id: signatureFileId ?? null,
      created_at: rt.now,
    });
    await tellMentioned(rt, userCode, mentioned, text);
    if (userCode !== rt.inst.initiator)
      await fx.notify(
        trx,
        [rt.inst.initiator],
        notice(rt, 'comment', `评论：${rt.inst.title}`, `${nameOf(rt.dir, userCode)}：${text}`),
        rt.now,
      );
    await auditAction(trx, deps, {
      action: 'comment',
      actor: userCode,
      instanceId: rt.inst.id,
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
    });
    return { instanceId: rt.inst.id, status: rt.inst.status };
  });
}

/** Process admin: ends a running instance (the records engine is told 'terminated'). */
export async function terminate(deps: WfDeps, admin: string, instanceId: string, reason: string): Promise<ActionResult> {
  return inTransaction(deps, async (trx, fx) => {
    const rt = await instanceRt(trx, fx, instanceId);
    await addHistory(trx, { instance_id: rt.inst.id, action: 'terminate', actor: admin, comment: reason, created_at: rt.now });
    await finish(rt, 'terminated', admin, reason);
    await reportOutcome(deps, rt);
    await auditAction(trx, deps, {
      action: 'terminate',
      actor: admin,
      instanceId: rt.inst.id,
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
      detail: { reason },
    });
    return { instanceId: rt.inst.id, status: 'terminated' };
  });
}

/** Process admin: hands a stuck open task to someone else. */
export async function reassign(deps: WfDeps, admin: string, taskId: string, toUser: string, reason: string): Promise<ActionResult> {
  return inTransaction(deps, async (trx, fx) => {
    const pre = await findTask(trx, taskId);
    if (!pre) throw notFound('任务不存在');
    const rt = await instanceRt(trx, fx, pre.instance_id);
    const task = (await findTask(trx, taskId))!;
    const node = rt.index.get(task.node_id)?.node;
    const token = await findToken(trx, task.token_id);
    if (!rt.dir.users[toUser]?.active) throw badRequest('人员不存在或已停用', 'toUser');
    if (node?.type !== 'approver' || !token) throw bizError('流程定义已变更，无法转办');
    if (!(await closeTask(trx, task.id, { result: 'reassigned', acted_at: rt.now }, ['open', 'pending']))) throw bizError('该任务已处理');
    const created = await createTask(rt, token, node, toUser, {
      seq: task.seq,
      status: task.status,
      added: task.added,
      wait_for: task.wait_for,
    });
    // Tasks that waited for the old one now wait for the new one.
    await moveWaiters(trx, task.id, created.id);
    await addHistory(trx, {
      instance_id: rt.inst.id,
      node_id: task.node_id,
      node_name: task.node_name,
      task_id: task.id,
      action: 'reassign',
      actor: admin,
      target: toUser,
      comment: reason,
      created_at: rt.now,
    });
    await auditAction(trx, deps, {
      action: 'reassign',
      actor: admin,
      instanceId: rt.inst.id,
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
      detail: { taskId: task.id, toUser, reason },
    });
    return { instanceId: rt.inst.id, status: 'running' };
  });
}

/** The port the records engine calls (core/ports/workflow-port.ts). */
export function workflowEngine(deps: WfDeps): WorkflowEngine {
  return {
    async start(trx, input) {
      const fx = new Effects(deps.bus);
      const out = await startInstance(trx, fx, input);
      fx.flushLater();
      return out;
    },
    async withdraw(trx, input) {
      const inst = await findRunningInstance(trx, input.moduleCode, input.recordId);
      if (!inst) throw bizError('该申请不在审批中');
      const fx = new Effects(deps.bus);
      await withdrawIn(deps, trx, fx, inst.id, input.userCode, false);
      fx.flushLater();
    },
    async mayWithdraw(db, input) {
      const inst = await findRunningInstance(db, input.moduleCode, input.recordId);
      return !!inst && withdrawRefusal(inst, input.userCode) === null;
    },
    async isParticipant(db, input) {
      const ids = await instancesOfRecord(db, input.moduleCode, input.recordId);
      return isParticipantOf(
        db,
        ids.map((r) => r.id),
        input.userCode,
      );
    },
    fieldPermissionsFor: (db, input) => fieldPermissionsOf(db, input),
  };
}
