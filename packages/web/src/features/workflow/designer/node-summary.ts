import type { ApprovalMode, Assignee, Condition, FlowNode } from '@oa/shared/workflow/definition';
import type { ConditionField, DesignerDirectory, FormFieldRef } from './designer-types';

/** Chinese one-line descriptions of node settings, for the cards and the simulation page. */

const CN_NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export const levelText = (n: number): string => `第${CN_NUM[n] ?? n}级主管`;

function names(codes: string[], lookup: (code: string) => string | undefined, max = 3): string {
  const list = codes.map((c) => lookup(c) ?? c);
  return list.length > max ? `${list.slice(0, max).join('、')} 等${list.length}人` : list.join('、');
}

const userName = (dir: DesignerDirectory, code: string): string => dir.users.find((u) => u.userCode === code)?.userName ?? code;
const roleName = (dir: DesignerDirectory, code: string): string => dir.roles.find((r) => r.roleCode === code)?.roleName ?? code;
const deptName = (dir: DesignerDirectory, code: string): string => dir.depts.find((d) => d.deptCode === code)?.deptName ?? code;

export const ASSIGNEE_KIND_LABEL: Record<Assignee['kind'], string> = {
  users: '指定成员',
  role: '角色',
  deptLeader: '部门负责人',
  supervisor: '指定层级主管',
  supervisorChain: '连续多级主管',
  initiatorPicks: '发起人自选',
  initiator: '发起人自己',
  formUser: '表单内联系人',
};

/** '' when the assignee is not configured yet. */
function assigneeText(a: Assignee, dir: DesignerDirectory, fields: FormFieldRef[]): string {
  switch (a.kind) {
    case 'users':
      return a.userCodes.length ? names(a.userCodes, (c) => userName(dir, c)) : '';
    case 'role':
      return a.roleCode ? `角色：${roleName(dir, a.roleCode)}${a.scope === 'initiatorDept' ? '（发起人部门）' : ''}` : '';
    case 'deptLeader':
      return '发起人的部门负责人';
    case 'supervisor':
      return `发起人的${levelText(a.level)}`;
    case 'supervisorChain':
      return `从直接主管到${levelText(a.topLevel)}`;
    case 'initiatorPicks':
      return a.multiple ? '发起人自选（多人）' : '发起人自选（一人）';
    case 'initiator':
      return '发起人自己';
    case 'formUser':
      return a.field ? `表单字段：${fields.find((f) => f.field === a.field)?.label ?? a.field}` : '';
  }
}

export function modeText(m: ApprovalMode): string {
  switch (m.kind) {
    case 'sequential':
      return '依次审批';
    case 'all':
      return '会签（须所有人同意）';
    case 'any':
      return '或签（一人同意即可）';
    case 'ratio':
      return `按比例通过（≥${m.percent}%）`;
  }
}

const OP_TEXT: Record<string, string> = { '<': '小于', '<=': '小于等于', '=': '等于', '>=': '大于等于', '>': '大于', '!=': '不等于' };

function fieldLabel(fields: ConditionField[], field: string): string {
  return fields.find((f) => f.field === field)?.label ?? field;
}

function optionLabels(fields: ConditionField[], field: string, values: string[]): string {
  const opts = fields.find((f) => f.field === field)?.options ?? [];
  return values.map((v) => opts.find((o) => o.value === v)?.label ?? v).join('、');
}

export function conditionText(c: Condition, fields: ConditionField[], dir: DesignerDirectory): string {
  switch (c.kind) {
    case 'number':
    case 'date': {
      const label = fieldLabel(fields, c.field);
      if (c.op === 'between') return `${c.value} ≤ ${label} ≤ ${c.value2 ?? '?'}`;
      return `${label} ${OP_TEXT[c.op]} ${c.value}`;
    }
    case 'select':
      return `${fieldLabel(fields, c.field)} 为 ${optionLabels(fields, c.field, c.values)}`;
    case 'user':
      return `${fieldLabel(fields, c.field)} 为 ${names(c.userCodes, (u) => userName(dir, u))}`;
    case 'dept':
      return `${fieldLabel(fields, c.field)} 属于 ${names(c.deptCodes, (d) => deptName(dir, d))}`;
    case 'initiatorDept':
      return `发起人部门属于 ${names(c.deptCodes, (d) => deptName(dir, d))}`;
    case 'initiatorRole':
      return `发起人角色为 ${names(c.roleCodes, (r) => roleName(dir, r))}`;
  }
}

/** The line shown in a node card's body ('' = not set, the card shows a placeholder). */
export function nodeSummary(node: FlowNode, dir: DesignerDirectory, fields: FormFieldRef[]): string {
  switch (node.type) {
    case 'start':
      return '所有人';
    case 'approver': {
      const who = assigneeText(node.settings.assignee, dir, fields);
      return who ? `${who} · ${modeText(node.settings.mode).replace(/（.*）/, '')}` : '';
    }
    case 'cc':
      return assigneeText(node.settings.assignee, dir, fields);
    default:
      return '';
  }
}

export const NODE_TYPE_LABEL: Record<FlowNode['type'], string> = {
  start: '发起人',
  approver: '审批人',
  cc: '抄送人',
  branch: '分支',
  end: '结束',
};
