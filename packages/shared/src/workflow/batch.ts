import type { ApproverSettings } from './definition';

/**
 * Why a step's tasks may not be approved in a batch (null: they may). Never for a step whose approver edits
 * fields, must fill fields in or must draw a signature: those need the record in front of them.
 */
export function batchRefusal(
  s: Pick<ApproverSettings, 'allowBatch' | 'requireSignature' | 'fieldPermissions' | 'requiredFields'>,
): string | null {
  if (Object.values(s.fieldPermissions).includes('edit') || s.requiredFields.length) return '该节点需要审批人填写表单，不能批量审批';
  if (s.requireSignature) return '该节点需要手写签名，不能批量审批';
  if (!s.allowBatch) return '该节点不允许批量审批';
  return null;
}
