import type { Condition, FlowNode, ProcessDefinition } from './definition';
import { allIds, indexNodes } from './tree';

export interface ValidationProblem {
  nodeId: string | null;
  message: string;
}
/** A field conditions may use, as the module registry declares it. */
export interface ConditionFieldRef {
  code: string;
  type: string;
  label?: string;
}

const FIELD_KINDS: Record<string, string[]> = {
  number: ['number', 'money', 'int'],
  date: ['date', 'daterange'],
  select: ['select', 'text'],
  user: ['user'],
  dept: ['dept'],
};

function checkCondition(c: Condition, fields: ConditionFieldRef[] | undefined): string | null {
  if ((c.kind === 'number' || c.kind === 'date') && c.op === 'between' && (c.value2 === undefined || c.value2 < c.value))
    return '“介于”条件需要填写上下限，且上限不小于下限';
  if (!('field' in c) || !fields) return null;
  const f = fields.find((x) => x.code === c.field);
  if (!f) return `条件字段「${c.field}」不存在`;
  if (!FIELD_KINDS[c.kind]?.includes(f.type)) return `条件字段「${f.label ?? f.code}」的类型（${f.type}）不能用于该条件`;
  return null;
}

/**
 * The checks before publishing: unique ids, a start node at the root, an assignee on every approver and
 * CC node, exactly one default branch per exclusive branch node, unique priorities, known condition
 * fields (when the module's fields are given), no empty parallel branch.
 */
export function validateDefinition(def: ProcessDefinition, conditionFields?: ConditionFieldRef[]): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (nodeId: string | null, message: string) => problems.push({ nodeId, message });
  if (def.root.type !== 'start') add(def.root.id, '流程必须以发起人节点开始');
  const ids = allIds(def);
  const dup = [...new Set(ids.filter((x, i) => ids.indexOf(x) !== i))];
  for (const d of dup) add(d, `节点编号重复：${d}`);
  let approvers = 0;
  for (const { node } of indexNodes(def).values()) {
    checkNode(node, conditionFields, add);
    if (node.type === 'approver') approvers += 1;
  }
  if (approvers === 0) add(null, '流程至少需要一个审批节点');
  return problems;
}

function checkNode(node: FlowNode, fields: ConditionFieldRef[] | undefined, add: (id: string | null, m: string) => void): void {
  if (node.type === 'start' && node.id !== node.id.trim()) add(node.id, '节点编号不能含空白');
  if (node.type === 'approver' || node.type === 'cc') {
    const a = node.settings.assignee;
    const label = node.type === 'approver' ? '审批人' : '抄送人';
    if (a.kind === 'users' && !a.userCodes.length) add(node.id, `「${node.name}」未设置${label}`);
    if (a.kind === 'role' && !a.roleCode) add(node.id, `「${node.name}」未选择角色`);
    if (a.kind === 'formUser') {
      if (!a.field) add(node.id, `「${node.name}」未选择表单人员字段`);
      else if (fields && !fields.some((f) => f.code === a.field && f.type === 'user'))
        add(node.id, `「${node.name}」的人员字段「${a.field}」不存在`);
    }
  }
  if (node.type === 'branch') {
    if (node.branches.length < 2) add(node.id, `「${node.name}」至少需要两个分支`);
    if (node.mode === 'exclusive') {
      const defaults = node.branches.filter((b) => b.isDefault);
      if (defaults.length !== 1) add(node.id, `「${node.name}」必须有且只有一个默认分支`);
      const prios = node.branches.map((b) => b.priority);
      if (new Set(prios).size !== prios.length) add(node.id, `「${node.name}」的分支优先级不能重复`);
      for (const b of node.branches) {
        if (b.isDefault && b.conditions.length) add(b.id, `默认分支「${b.name}」不能设置条件`);
        if (!b.isDefault && !b.conditions.length) add(b.id, `分支「${b.name}」未设置条件`);
        for (const c of b.conditions) {
          const m = checkCondition(c, fields);
          if (m) add(b.id, `分支「${b.name}」：${m}`);
        }
      }
    } else {
      for (const b of node.branches) {
        if (!b.childNode) add(b.id, `并行分支「${b.name}」不能为空`);
        if (b.conditions.length || b.isDefault) add(b.id, `并行分支「${b.name}」不设条件与默认分支`);
      }
    }
  }
}
