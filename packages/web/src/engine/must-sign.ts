import type { InstanceView } from '@oa/shared/contract/workflow';
import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import { findNode } from '@oa/shared/workflow/tree';

/** Whether the viewer's open step asks for a handwritten signature (designer: 需手写签名); 同意 is refused without one. */
export function mustSign(view: InstanceView | null | undefined): boolean {
  const task = view?.myTask;
  if (!task || !view?.definition) return false;
  const node = findNode(view.definition as ProcessDefinition, task.nodeId);
  return node?.type === 'approver' && node.settings.requireSignature;
}
