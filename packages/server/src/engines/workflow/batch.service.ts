import type { z } from 'zod';
import type { BatchApproveResult, BatchGroup, batchApproveBody } from '@oa/shared/contract/workflow';
import { batchRefusal } from '@oa/shared/workflow/batch';
import { indexNodes } from '@oa/shared/workflow/tree';
import { moduleByCode } from '@oa/shared/modules/registry';
import { AppError } from '../../lib/errors';
import { userNames } from '../../core/identity/identity.repository';
import { approve } from './actions.service';
import { definitionBody, type WfDeps } from './runtime';
import { openTasksForBatch, taskTitles } from './batch.repository';

/** How many open tasks the batch dialog looks at (the newest first). */
const BATCH_WINDOW = 500;

/** The caller's open tasks whose step allows batch approval, grouped by process version and step. */
export async function batchGroups(deps: WfDeps, userCode: string): Promise<BatchGroup[]> {
  const db = deps.ctx.db;
  const rows = await openTasksForBatch(db, userCode, BATCH_WINDOW);
  const names = await userNames(db, [...new Set(rows.map((r) => r.initiator))]);
  const allowed = new Map<string, boolean>();
  const groups = new Map<string, BatchGroup>();
  for (const r of rows) {
    const key = `${r.definition_id}/${r.node_id}`;
    if (!allowed.has(key)) {
      const node = indexNodes(await definitionBody(db, r.definition_id)).get(r.node_id)?.node;
      allowed.set(key, node?.type === 'approver' && batchRefusal(node.settings) === null);
    }
    if (!allowed.get(key)) continue;
    const g = groups.get(key) ?? {
      key,
      moduleCode: r.module_code,
      processName: moduleByCode(r.module_code)?.name ?? r.module_code,
      nodeName: r.node_name,
      tasks: [],
    };
    g.tasks.push({
      taskId: r.id,
      title: r.title,
      serialNo: r.serial_no,
      initiatorName: names.get(r.initiator) ?? r.initiator,
      createdAt: r.created_at,
    });
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * Approves each task with one opinion, each in its own transaction (an item that fails leaves the others done);
 * the step must allow it (`batchRefusal`, checked again inside each item's transaction).
 */
export async function batchApprove(deps: WfDeps, userCode: string, b: z.infer<typeof batchApproveBody>): Promise<BatchApproveResult> {
  const done: string[] = [];
  const failed: Array<{ taskId: string; message: string }> = [];
  for (const taskId of [...new Set(b.taskIds)]) {
    try {
      await approve(deps, userCode, { taskId, comment: b.comment }, { batch: true });
      done.push(taskId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ taskId, message: err.message });
    }
  }
  const titles = new Map(
    (
      await taskTitles(
        deps.ctx.db,
        failed.map((f) => f.taskId),
      )
    ).map((t) => [t.id, t.title]),
  );
  return { done, failed: failed.map((f) => ({ ...f, title: titles.get(f.taskId) ?? '（待办不存在）' })) };
}
