import { nameOf } from '@oa/shared/workflow/assignees';
import type { Directory } from '@oa/shared/workflow/definition';
import { overdueSupervision, type RaiseOverdue } from '../../core/ports/supervision-port';
import { AppError } from '../../lib/errors';
import { notice } from './engine';
import { definitionBody, inTransaction, loadRt, type WfDeps } from './runtime';
import { addHistory, findTask } from './runtime.repository';
import { claimOverdue, overdueCandidates, publishedDefinitions } from './step-stats.repository';
import { limitedSteps } from './step-stats.service';

const HOUR_MS = 3_600_000;
const PER_STEP = 100;

/**
 * The 督办时限 check (issue 38): every open task of a step with a limit, open longer than the limit, raises
 * once a 督办 to its assignee's department leader (the supervision area, through its port) and a 催办 to the
 * assignee. The one raise per task is claimed by inserting its row in wf_task_overdue inside the transaction
 * that raises it, so two servers (or two runs) at once raise it exactly once. Returns how many were raised.
 */
export async function runOverdueCheck(deps: WfDeps, now: Date = new Date()): Promise<number> {
  const raise = overdueSupervision(deps.ctx);
  if (!raise) return 0;
  let raised = 0;
  for (const d of await publishedDefinitions(deps.ctx.db)) {
    for (const step of limitedSteps(await definitionBody(deps.ctx.db, d.id))) {
      const before = new Date(now.getTime() - step.limitHours * HOUR_MS).toISOString();
      for (const t of await overdueCandidates(deps.ctx.db, d.module_code, step.id, before, PER_STEP)) {
        try {
          if (await raiseOne(deps, raise, t.id, now)) raised += 1;
        } catch (e) {
          // another server claimed it, or the task was handled meanwhile: the expected race
          if (!(e instanceof AppError)) throw e;
        }
      }
    }
  }
  return raised;
}

/** The department leader who supervises `userCode`: their department's, or the parent's when they lead it. */
function supervisorOf(dir: Directory, userCode: string): { deptCode: string; leader: string } | null {
  let dept: Directory['depts'][string] | undefined = dir.depts[dir.users[userCode]?.deptCode ?? ''];
  for (let hops = 0; dept && hops < 20; hops++) {
    const leader = dept.leaderUserCode;
    if (leader && leader !== userCode && dir.users[leader]?.active !== false) return { deptCode: dept.deptCode, leader };
    dept = dept.parentCode ? dir.depts[dept.parentCode] : undefined;
  }
  return null;
}

async function raiseOne(deps: WfDeps, raise: RaiseOverdue, taskId: string, now: Date): Promise<boolean> {
  return inTransaction(deps, async (trx, fx) => {
    const pre = await findTask(trx, taskId);
    if (!pre || pre.status !== 'open') return false;
    const rt = await loadRt(trx, fx, pre.instance_id);
    const task = await findTask(trx, taskId);
    const node = task && rt.index.get(task.node_id)?.node;
    const limit = node?.type === 'approver' ? node.settings.overdueHours : null;
    const openedAt = task?.opened_at ?? task?.created_at;
    if (!task || task.status !== 'open' || rt.inst.status !== 'running' || !limit || !openedAt) return false;
    if (Date.parse(openedAt) + limit * HOUR_MS > now.getTime()) return false;
    const sup = supervisorOf(rt.dir, task.assignee);
    if (!(await claimOverdue(trx, { task_id: task.id, instance_id: rt.inst.id, raised_at: rt.now, leader: sup?.leader ?? null })))
      return false;
    const who = nameOf(rt.dir, task.assignee);
    if (sup)
      await raise(
        trx,
        {
          instanceId: rt.inst.id,
          title: rt.inst.title,
          serialNo: rt.inst.serial_no,
          nodeName: task.node_name,
          assignee: task.assignee,
          assigneeName: who,
          deptCode: sup.deptCode,
          leader: sup.leader,
          limitHours: limit,
          openedAt,
        },
        now,
      );
    const to = sup ? `，已向${nameOf(rt.dir, sup.leader)}发起督办` : '';
    await addHistory(trx, {
      instance_id: rt.inst.id,
      node_id: task.node_id,
      node_name: task.node_name,
      task_id: task.id,
      action: 'urge',
      actor: 'system',
      target: task.assignee,
      comment: `已超过督办时限 ${limit} 小时${to}`,
      created_at: rt.now,
    });
    await fx.notify(
      trx,
      [task.assignee],
      notice(
        rt,
        'urge',
        `催办：${rt.inst.title}`,
        `「${rt.inst.title}」（${rt.inst.serial_no}）已超过 ${limit} 小时未处理${to}，请尽快处理`,
      ),
      rt.now,
    );
    return true;
  });
}
