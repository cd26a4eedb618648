import type { Condition, ProcessDefinition } from '@oa/shared/workflow/definition';
import { validateDefinition } from '@oa/shared/workflow/validate';
import type { ConditionField } from './designer-types';
import { walk } from './flow-tree';

/** One thing to fix before publishing; `id` is the node or branch to outline in red. */
export interface FlowProblem {
  id: string;
  message: string;
}

/** Value checks the shared validator leaves to the editor (it checks structure and field existence). */
function valueProblem(c: Condition): string | null {
  switch (c.kind) {
    case 'number':
      return Number.isFinite(c.value) ? null : '条件缺少比较值';
    case 'date':
      return c.value ? null : '条件缺少日期';
    case 'select':
      return c.values.length ? null : '条件未选择选项';
    case 'user':
      return c.userCodes.length ? null : '条件未选择人员';
    case 'dept':
    case 'initiatorDept':
      return c.deptCodes.length ? null : '条件未选择部门';
    case 'initiatorRole':
      return c.roleCodes.length ? null : '条件未选择角色';
  }
}

/**
 * Everything to fix before publishing: the shared validator (the same one the server runs on publish)
 * plus the editor's value checks. An empty list means the definition can be published.
 */
export function validateFlow(def: ProcessDefinition, conditionFields: ConditionField[]): FlowProblem[] {
  const refs = conditionFields.map((f) => ({ code: f.field, label: f.label, type: f.kind }));
  const problems: FlowProblem[] = validateDefinition(def, refs).map((p) => ({ id: p.nodeId ?? def.root.id, message: p.message }));
  if (!def.name.trim()) problems.unshift({ id: '', message: '请填写流程名称' });
  if (!def.moduleCode) problems.unshift({ id: '', message: '请选择业务模块' });
  walk(def.root, (n) => {
    if (n.type === 'approver' && n.settings.mode.kind === 'ratio' && !(n.settings.mode.percent >= 1 && n.settings.mode.percent <= 100)) {
      problems.push({ id: n.id, message: `「${n.name}」通过比例须在 1–100 之间` });
    }
    if (n.type !== 'branch') return;
    for (const b of n.branches) {
      for (const c of b.conditions) {
        const m = valueProblem(c);
        if (m) problems.push({ id: b.id, message: `分支「${b.name}」：${m}` });
      }
    }
  });
  return problems;
}
