import { trackJob } from '../../core/metrics';
import { nameOf } from '@oa/shared/workflow/assignees';
import { AppError } from '../../lib/errors';
import { approve, reject } from './actions.service';
import { notice } from './engine';
import { inTransaction, loadRt, type WfDeps } from './runtime';
import { addHistory, claimTimeout, dueTasks, findTask } from './runtime.repository';

const HOUR_MS = 3_600_000;

/**
 * Fires the timeouts due at `now` (reminders, automatic approval or rejection). Due times live in the
 * database, so they survive restarts; every firing is claimed with a conditional UPDATE, so several
 * servers sharing one database fire each exactly once. Returns how many fired.
 */
export async function runDueTimeouts(deps: WfDeps, now: Date = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  let fired = 0;
  for (const due of await dueTasks(deps.ctx.db, nowIso, 100)) {
    try {
      if (await fireOne(deps, due.id, due.due_at!, now)) fired += 1;
    } catch (e) {
      // Another server or a person got there first: that is the expected race, not an error.
      if (!(e instanceof AppError)) throw e;
    }
  }
  return fired;
}

async function fireOne(deps: WfDeps, taskId: string, dueAt: string, now: Date): Promise<boolean> {
  const kind = await inTransaction(deps, async (trx, fx) => {
    const task = await findTask(trx, taskId);
    if (!task || task.status !== 'open' || task.due_at !== dueAt) return null;
    const rt = await loadRt(trx, fx, task.instance_id);
    const node = rt.index.get(task.node_id)?.node;
    const rule = node?.type === 'approver' ? node.settings.timeout : null;
    if (!rule || rt.inst.status !== 'running') {
      await claimTimeout(trx, task.id, dueAt, null);
      return null;
    }
    if (rule.action !== 'remind') return rule.action;
    const next = rule.repeatHours > 0 ? new Date(now.getTime() + rule.repeatHours * HOUR_MS).toISOString() : null;
    if (!(await claimTimeout(trx, task.id, dueAt, next))) return null;
    await addHistory(trx, {
      instance_id: rt.inst.id,
      node_id: task.node_id,
      node_name: task.node_name,
      task_id: task.id,
      action: 'remind',
      actor: 'system',
      target: task.assignee,
      created_at: rt.now,
    });
    await fx.notify(
      trx,
      [task.assignee],
      notice(
        rt,
        'remind',
        `超时提醒：${rt.inst.title}`,
        `「${rt.inst.title}」（${rt.inst.serial_no}）已超过 ${rule.afterHours} 小时未处理，请尽快审批（发起人：${nameOf(rt.dir, rt.inst.initiator)}）`,
      ),
      rt.now,
    );
    return 'remind';
  });
  if (kind === 'autoApprove') await approve(deps, 'system', { taskId, comment: '超时自动通过' }, { system: true });
  if (kind === 'autoReject') await reject(deps, 'system', { taskId, comment: '超时自动驳回' }, { system: true });
  return kind !== null;
}

/** Polls for due timeouts; unref'd so it never keeps the process alive. */
export const startTimeoutPoller = (deps: WfDeps, everyMs: number, onError: (e: unknown) => void): (() => void) =>
  startPoller(deps, 'workflow-timeouts', runDueTimeouts, everyMs, onError);

/** Runs `job` every `everyMs` (never two at once); unref'd so it never keeps the process alive. */
export function startPoller(
  deps: WfDeps,
  name: string,
  job: (deps: WfDeps) => Promise<unknown>,
  everyMs: number,
  onError: (e: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trackJob(deps.ctx, name, () => job(deps))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
