import { lifecycleOf } from '../../core/ports/workflow-port';
import type { z } from 'zod';
import type { addSignBody, approveBody, ActionResult, rejectBody, returnBody, transferBody } from '@oa/shared/contract/workflow';
import type { ApproverNode } from '@oa/shared/workflow/definition';
import { nameOf } from '@oa/shared/workflow/assignees';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { Db } from '../../db/database';
import { badRequest, bizError, notFound } from '../../lib/errors';
import { createTask, finish, notice, restartAt, settleNode, type Rt } from './engine';
import type { Effects } from './notify';
import { returnTargets, withResumeNote } from './returns';
import { batchRefusal } from '@oa/shared/workflow/batch';
import { pathString } from '@oa/shared/workflow/tree';
import { ensureRunning, inTransaction, loadRt, reportOutcome, type WfDeps } from './runtime';
import { auditAction } from './action-audit';
import { checkSignature } from './signature';
import { mentionedReaders, tellMentioned } from './mentions';
import { addHandled } from './step-stats.service';
import {
  addHistory,
  findTask,
  findToken,
  tasksOfInstance,
  updateInstance,
  updateTask,
  type TaskRow,
  type TokenRow,
  closeTask,
  liveAssigneesOfNode,
  parkTask,
  tasksWaitingFor,
} from './runtime.repository';

const TASK_DONE = '该任务已处理';

interface Held {
  rt: Rt;
  task: TaskRow;
  token: TokenRow;
  node: ApproverNode;
}
type Body = { taskId: string; comment?: string; signatureFileId?: string };

/**
 * The frame of every task action: one transaction; the instance lock; the actor must hold the open task;
 * the decisive conditional UPDATE is done by `fn` (claimTask); history and the records engine's outcome.
 */
async function onTask(
  deps: WfDeps,
  actor: string,
  taskId: string,
  fn: (h: Held) => Promise<void>,
  opts: { system?: boolean; fx?: Effects; trx?: Db; action?: string; comment?: string } = {},
): Promise<ActionResult> {
  // inside another's transaction (the system's own actions) there is no opinion to read for mentions
  const mentioned = opts.trx ? [] : await mentionedReaders(deps.ctx, { taskId }, actor, opts.comment);
  const body = async (trx: Db, fx: Effects): Promise<ActionResult> => {
    const pre = await findTask(trx, taskId);
    if (!pre) throw notFound('任务不存在');
    const rt = await loadRt(trx, fx, pre.instance_id);
    const task = (await findTask(trx, taskId))!;
    if (task.status !== 'open') throw bizError(TASK_DONE);
    if (!opts.system && task.assignee !== actor) throw bizError('您不是该任务的当前审批人');
    ensureRunning(rt);
    const token = await findToken(trx, task.token_id);
    const node = rt.index.get(task.node_id)?.node;
    if (!token || node?.type !== 'approver') throw bizError('流程定义已变更，无法处理该任务，请联系流程管理员');
    await fn({ rt, task, token, node });
    await tellMentioned(rt, actor, mentioned, opts.comment);
    if (!opts.system) await updateInstance(trx, rt.inst.id, { acted: 'Y' });
    await reportOutcome(deps, rt);
    await auditAction(trx, deps, {
      action: opts.action ?? 'task',
      actor,
      instanceId: rt.inst.id,
      moduleCode: rt.inst.module_code,
      recordId: rt.inst.record_id,
      detail: { taskId: task.id, nodeId: node.id, ended: rt.ended },
    });
    return { instanceId: rt.inst.id, status: rt.ended ?? 'running' };
  };
  if (opts.trx && opts.fx) return body(opts.trx, opts.fx);
  return inTransaction(deps, body);
}

/** The conditional UPDATE whose affected-row count decides who wins. */
async function claim(h: Held, result: string, b: Body, patch: Partial<TaskRow> = {}): Promise<void> {
  await checkSignature(h.rt.trx, h.task.assignee, b.signatureFileId);
  const won = await closeTask(h.rt.trx, h.task.id, {
    result,
    comment: b.comment ?? null,
    signature_file_id: b.signatureFileId ?? null,
    acted_at: h.rt.now,
    ...patch,
  });
  if (!won) throw bizError(TASK_DONE);
  // time on every step: the handling adds to the aggregate in the same transaction
  await addHandled(h.rt.trx, [
    {
      moduleCode: h.rt.inst.module_code,
      nodeId: h.task.node_id,
      nodeName: h.task.node_name,
      assignee: h.task.assignee,
      deptCode: h.rt.dir.users[h.task.assignee]?.deptCode ?? null,
      openedAt: h.task.opened_at ?? h.task.created_at,
      actedAt: h.rt.now,
    },
  ]);
}

/** Records the action with its opinion; the people the opinion @mentions are told. */
async function history(h: Held, action: string, actor: string, b: Body, target: string | null = null): Promise<void> {
  await addHistory(h.rt.trx, {
    instance_id: h.rt.inst.id,
    node_id: h.node.id,
    node_name: h.node.name,
    task_id: h.task.id,
    action,
    actor,
    on_behalf_of: h.task.on_behalf_of,
    target,
    comment: b.comment ?? null,
    signature_file_id: b.signatureFileId ?? null,
    created_at: h.rt.now,
  });
}

/** Reopens the tasks that waited for `taskId` (add-sign before). */
async function releaseWaiters(h: Held): Promise<void> {
  const waiting = await tasksWaitingFor(h.rt.trx, h.task.id);
  for (const w of waiting) await updateTask(h.rt.trx, w.id, { status: 'open', opened_at: h.rt.now, wait_for: null });
  if (waiting.length)
    await h.rt.fx.notify(
      h.rt.trx,
      waiting.map((w) => w.assignee),
      notice(h.rt, 'task', `待审批：${h.rt.inst.title}`, `加签人已处理，「${h.rt.inst.title}」等待您审批`),
      h.rt.now,
    );
}

/** What an approver set, as people read it: "批示领导：陈静；承办人：张伟、刘洋" (field labels, people's names). */
function describePatch(rt: Rt, patch: Record<string, unknown>): string {
  const fields = moduleByCode(rt.inst.module_code)?.fields ?? {};
  const text = (v: unknown): string => {
    if (Array.isArray(v)) return v.map(text).join('、');
    if (typeof v === 'string') return rt.dir.users[v] ? nameOf(rt.dir, v) : v;
    return v == null ? '' : String(v);
  };
  return Object.entries(patch)
    .map(([k, v]) => `${fields[k]?.label ?? k}：${text(v) || '无'}`)
    .join('；')
    .slice(0, 1000);
}

async function applyFormPatch(deps: WfDeps, h: Held, actor: string, patch: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(patch);
  if (!keys.length) return;
  const perms = h.node.settings.fieldPermissions;
  const denied = keys.filter((k) => perms[k] !== 'edit');
  if (denied.length) throw bizError(`无权修改字段：${denied.join('、')}`);
  const owner = lifecycleOf(deps.ctx, h.rt.inst.module_code);
  if (!owner?.patchForm) throw bizError('该业务不支持审批时修改表单');
  await owner.patchForm(h.rt.trx, { moduleCode: h.rt.inst.module_code, recordId: h.rt.inst.record_id, patch, userCode: actor });
  // The records engine's own view of the form afterwards (normalised values) drives later conditions.
  const fresh = await owner.getForm(h.rt.trx, { moduleCode: h.rt.inst.module_code, recordId: h.rt.inst.record_id });
  h.rt.form = fresh ? fresh.form : { ...h.rt.form, ...patch };
  await updateInstance(h.rt.trx, h.rt.inst.id, { form: JSON.stringify(h.rt.form) });
  await addHistory(h.rt.trx, {
    instance_id: h.rt.inst.id,
    node_id: h.node.id,
    node_name: h.node.name,
    task_id: h.task.id,
    action: 'formEdit',
    actor,
    target: keys.join(','),
    comment: describePatch(h.rt, patch),
    created_at: h.rt.now,
  });
}

const isEmpty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && !v.length);

/** A node's required fields (e.g. 批示 names the handlers): its approver cannot pass it with them empty. */
function checkRequired(h: Held): void {
  const missing = h.node.settings.requiredFields.find((f) => isEmpty(h.rt.form[f]));
  if (!missing) return;
  const label = moduleByCode(h.rt.inst.module_code)?.fields[missing]?.label ?? missing;
  throw badRequest(`请填写${label}`, `formPatch.${missing}`);
}

export async function approve(
  deps: WfDeps,
  actor: string,
  b: z.infer<typeof approveBody>,
  opts: { system?: boolean; batch?: boolean } = {},
): Promise<ActionResult> {
  return onTask(
    deps,
    actor,
    b.taskId,
    async (h) => {
      if (opts.batch) {
        const refusal = batchRefusal(h.node.settings);
        if (refusal) throw bizError(refusal);
      }
      if (b.formPatch) await applyFormPatch(deps, h, actor, b.formPatch);
      if (!opts.system) checkRequired(h);
      if (!opts.system && h.node.settings.requireSignature && !b.signatureFileId)
        throw badRequest('该节点需要手写签名，请签名后再同意', 'signatureFileId');
      await claim(h, 'approved', b);
      await history(h, opts.system ? 'autoApprove' : 'approve', actor, b);
      await releaseWaiters(h);
      await settleNode(h.rt, h.token, h.node);
    },
    { system: opts.system, action: opts.system ? 'autoApprove' : opts.batch ? 'batchApprove' : 'approve', comment: b.comment },
  );
}

export async function reject(
  deps: WfDeps,
  actor: string,
  b: z.infer<typeof rejectBody>,
  opts: { system?: boolean } = {},
): Promise<ActionResult> {
  return onTask(
    deps,
    actor,
    b.taskId,
    async (h) => {
      await claim(h, 'rejected', b);
      await history(h, opts.system ? 'autoReject' : 'reject', actor, b);
      await settleNode(h.rt, h.token, h.node);
    },
    { ...opts, action: opts.system ? 'autoReject' : 'reject', comment: b.comment },
  );
}

export async function returnTask(deps: WfDeps, actor: string, b: z.infer<typeof returnBody>): Promise<ActionResult> {
  return onTask(
    deps,
    actor,
    b.taskId,
    async (h) => {
      if (!h.node.settings.allowReturn) throw bizError('该节点不允许退回');
      const targets = returnTargets(h.rt, h.task, await tasksOfInstance(h.rt.trx, h.rt.inst.id));
      const t = targets.find((x) => x.target === b.to);
      if (!t) throw badRequest('不能退回到该节点', 'to');
      await claim(h, 'returned', b);
      const nodeId = b.to === 'previous' ? targets.find((x) => x.target !== 'initiator' && x.target !== 'previous')!.target : b.to;
      const toMe = !!b.resubmitToMe && nodeId === 'initiator';
      if (toMe && pathString(h.rt.index.get(h.node.id)!.parallelPath) !== '')
        throw badRequest('并行分支中的节点不能设置“重新提交后直接送回本节点”', 'resubmitToMe');
      await history(h, 'return', actor, toMe ? { ...b, comment: withResumeNote(b.comment, h.node.name) } : b, nodeId);
      if (nodeId !== 'initiator') return restartAt(h.rt, nodeId);
      await finish(h.rt, 'returned', actor, b.comment ?? null);
      if (toMe) await updateInstance(h.rt.trx, h.rt.inst.id, { resume_node_id: h.node.id });
    },
    { action: 'return', comment: b.comment },
  );
}

async function checkTarget(h: Held, actor: string, toUser: string): Promise<void> {
  const u = h.rt.dir.users[toUser];
  if (!u || !u.active) throw badRequest('人员不存在或已停用', 'toUser');
  if (toUser === actor) throw badRequest('不能选择自己', 'toUser');
  const siblings = await liveAssigneesOfNode(h.rt.trx, h.token.id, h.node.id);
  if (siblings.some((s) => s.assignee === toUser)) throw bizError(`${u.userName} 已是该节点的审批人`);
}

export async function transfer(deps: WfDeps, actor: string, b: z.infer<typeof transferBody>): Promise<ActionResult> {
  return onTask(
    deps,
    actor,
    b.taskId,
    async (h) => {
      if (!h.node.settings.allowTransfer) throw bizError('该节点不允许转交');
      await checkTarget(h, actor, b.toUser);
      await claim(h, 'transferred', b);
      await createTask(h.rt, h.token, h.node, b.toUser, { seq: h.task.seq, status: 'open', added: h.task.added });
      await history(h, 'transfer', actor, b, b.toUser);
    },
    { action: 'transfer', comment: b.comment },
  );
}

export async function addSign(deps: WfDeps, actor: string, b: z.infer<typeof addSignBody>): Promise<ActionResult> {
  return onTask(
    deps,
    actor,
    b.taskId,
    async (h) => {
      if (!h.node.settings.allowAddSign) throw bizError('该节点不允许加签');
      await checkTarget(h, actor, b.toUser);
      if (b.position === 'before') {
        const added = await createTask(h.rt, h.token, h.node, b.toUser, { seq: h.task.seq, status: 'open', added: 'Y' });
        if (!(await parkTask(h.rt.trx, h.task.id, added.id))) throw bizError(TASK_DONE);
        await history(h, 'addSign', actor, b, b.toUser);
        return;
      }
      await claim(h, 'approved', b);
      await history(h, 'approve', actor, b);
      await createTask(h.rt, h.token, h.node, b.toUser, { seq: h.task.seq + 1, status: 'open', added: 'Y' });
      await addHistory(h.rt.trx, {
        instance_id: h.rt.inst.id,
        node_id: h.node.id,
        node_name: h.node.name,
        task_id: h.task.id,
        action: 'addSign',
        actor,
        on_behalf_of: h.task.on_behalf_of,
        target: b.toUser,
        comment: `后加签：${nameOf(h.rt.dir, b.toUser)}`,
        created_at: h.rt.now,
      });
      await releaseWaiters(h);
      await settleNode(h.rt, h.token, h.node);
    },
    { action: 'addSign', comment: b.comment },
  );
}
