import type { FlowNode } from '@oa/shared/workflow/definition';
import { pathString } from '@oa/shared/workflow/tree';
import { nameOf } from '@oa/shared/workflow/assignees';
import type { Rt } from './engine';
import type { TaskRow } from './runtime.repository';

/** Approver nodes inside a subtree (the contents of an earlier branch node). */
function approversWithin(n: FlowNode | null, out: string[]): void {
  for (let c = n; c; c = c.childNode) {
    if (c.type === 'approver') out.push(c.id);
    if (c.type === 'branch') for (const b of c.branches) approversWithin(b.childNode, out);
  }
}

/** Approver nodes that lie before `nodeId` on its route, nearest first. */
function nodesBefore(rt: Rt, nodeId: string): string[] {
  const out: string[] = [];
  for (let place = rt.index.get(nodeId); place; place = place.owner ? rt.index.get(place.owner.branchNode.id) : undefined) {
    for (let p = place.previous; p; p = rt.index.get(p.id)?.previous ?? null) {
      if (p.type === 'approver') out.push(p.id);
      if (p.type === 'branch') {
        const inner: string[] = [];
        for (const b of p.branches) approversWithin(b.childNode, inner);
        out.push(...inner.reverse());
      }
    }
  }
  return out;
}

/**
 * Where the holder of `task` may return the process: the initiator, and every passed approver node
 * before it whose parallel scope encloses the task's (a return never jumps into a finished parallel branch).
 */
export function returnTargets(rt: Rt, task: TaskRow, all: TaskRow[]): Array<{ target: string; label: string }> {
  const here = rt.index.get(task.node_id);
  if (!here) return [];
  const herePath = pathString(here.parallelPath);
  const passed = new Set(all.filter((t) => t.status === 'done' && (t.result === 'approved' || t.result === 'auto')).map((t) => t.node_id));
  const nodes = nodesBefore(rt, task.node_id).filter((id) => {
    const p = pathString(rt.index.get(id)!.parallelPath);
    return id !== task.node_id && passed.has(id) && (p === '' || herePath === p || herePath.startsWith(`${p}/`));
  });
  const out = [{ target: 'initiator', label: `发起人（${nameOf(rt.dir, rt.inst.initiator)}）` }];
  if (nodes[0]) out.push({ target: 'previous', label: `上一节点（${rt.index.get(nodes[0])!.node.name}）` });
  for (const id of nodes) out.push({ target: id, label: rt.index.get(id)!.node.name });
  return out;
}

/** The trail's words for a return marked "straight back to me" (the return row's comment carries them). */
export const withResumeNote = (comment: string | undefined, nodeName: string): string =>
  `${comment ? `${comment}（` : '（'}重新提交后直接送回「${nodeName}」）`.slice(0, 2000);

/**
 * Where a resubmission starts: the step that returned the previous instance "straight back to me" when that
 * instance ran the same definition version and the step is still on the main chain; otherwise from the start.
 */
export function resumeNodeOf(
  prev: { status: string; resume_node_id: string | null; definition_id: string } | undefined,
  definitionId: string,
  index: Rt['index'],
): string | null {
  if (!prev || prev.status !== 'returned' || !prev.resume_node_id || prev.definition_id !== definitionId) return null;
  const place = index.get(prev.resume_node_id);
  return place && place.node.type === 'approver' && pathString(place.parallelPath) === '' ? prev.resume_node_id : null;
}
