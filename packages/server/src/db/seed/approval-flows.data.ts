import { ROLE } from '@oa/shared/constants';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import { processDefinitionSchema, type Assignee, type ProcessDefinition } from '@oa/shared/workflow/definition';

/**
 * Default process definitions of the approval modules of issue 6, seeded published (version 1) so a
 * fresh installation approves out of the box; administrators redesign them on /workFlow.
 *
 * Common shape: the applicant's department leader first; then the office that owns the matter (finance,
 * HR, IT, international cooperation, the general office); money above a threshold goes on to the office
 * director ('leader', who signs for the association's leadership in the demo organisation); CC where
 * others need to know.
 */

const FINANCE = 'huangli'; // 财务部部长
const HR = 'yangfan'; // 人力资源部部长
const IT = 'guomin'; // 信息中心主任
const FOREIGN = 'tangguohua'; // 国际合作部部长
const DIRECTOR = 'leader'; // 办公室主任

type Step =
  | { kind: 'approve'; name: string; who: Assignee }
  | { kind: 'cc'; name: string; who: Assignee }
  /** money/int field ≥ threshold → the extra steps; otherwise straight on */
  | { kind: 'above'; field: string; label: string; threshold: number; then: Step[] };

const deptLeader: Step = { kind: 'approve', name: '部门负责人审批', who: { kind: 'deptLeader' } };
const users = (...userCodes: string[]): Assignee => ({ kind: 'users', userCodes });
const approve = (name: string, who: Assignee): Step => ({ kind: 'approve', name, who });
const cc = (name: string, who: Assignee): Step => ({ kind: 'cc', name, who });
const above = (field: string, label: string, threshold: number, ...then: Step[]): Step => ({
  kind: 'above',
  field,
  label,
  threshold,
  then,
});
const directorAbove = (field: string, label: string, threshold: number) =>
  above(field, label, threshold, approve('办公室主任审批', users(DIRECTOR)));

/** A node as plain data; `flow` parses the whole tree (filling the settings' defaults). */
type RawNode = Record<string, unknown>;

function chain(steps: Step[], path: string): RawNode | null {
  let next: RawNode | null = null;
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const s = steps[i];
    const id = `${path}${i + 1}`;
    if (s.kind === 'approve') {
      next = {
        id,
        type: 'approver',
        name: s.name,
        childNode: next,
        settings: { assignee: s.who, whenEmpty: 'toAdmin', whenInitiator: 'toLeader' },
      };
    } else if (s.kind === 'cc') {
      next = { id, type: 'cc', name: s.name, childNode: next, settings: { assignee: s.who } };
    } else {
      next = {
        id,
        type: 'branch',
        name: `按${s.label}分支`,
        mode: 'exclusive',
        childNode: next,
        branches: [
          {
            id: `${id}a`,
            name: `${s.label}≥${s.threshold}`,
            priority: 1,
            isDefault: false,
            conditions: [{ kind: 'number', field: s.field, op: '>=', value: s.threshold }],
            childNode: chain(s.then, `${id}a`),
          },
          { id: `${id}b`, name: '其他情况', priority: 2, isDefault: true, conditions: [], childNode: null },
        ],
      };
    }
  }
  return next;
}

function flow(moduleCode: string, name: string, steps: Step[]): ProcessDefinition {
  const def = processDefinitionSchema.parse({
    moduleCode,
    name,
    deptCode: null,
    adminUserCodes: ['admin'],
    root: { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} }, childNode: chain(steps, 'n') },
  });
  if (def.root.type !== 'start') throw new Error(`flow ${moduleCode}: the root must be a start node`);
  return { ...def, root: def.root };
}

/** The first demo processes (用印, 物品借用, 出差), written out node by node (their node ids are used by tests). */
const startNode = { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} } };
const leaderNode = (childNode: unknown = null) => ({
  id: 'deptLeader',
  type: 'approver',
  name: '部门负责人审批',
  settings: { assignee: { kind: 'deptLeader' }, whenEmpty: 'toAdmin', whenInitiator: 'toLeader' },
  childNode,
});

const stamp = {
  moduleCode: 'oa_stamp',
  name: '用印审批',
  deptCode: null,
  adminUserCodes: ['admin'],
  root: {
    ...startNode,
    childNode: leaderNode({
      id: 'copiesBranch',
      type: 'branch',
      name: '按用印份数',
      mode: 'exclusive',
      childNode: null,
      branches: [
        {
          id: 'many',
          name: '超过 10 份',
          priority: 1,
          isDefault: false,
          conditions: [{ kind: 'number', field: 'copies', op: '>', value: 10 }],
          childNode: {
            id: 'officeDirector',
            type: 'approver',
            name: '办公室主任审批',
            settings: { assignee: { kind: 'users', userCodes: [DIRECTOR] } },
            childNode: null,
          },
        },
        { id: 'few', name: '其他情况', priority: 2, isDefault: true, conditions: [], childNode: null },
      ],
    }),
  },
};
const lend = {
  moduleCode: 'oa_lend',
  name: '物品借用审批',
  deptCode: null,
  adminUserCodes: ['admin'],
  root: { ...startNode, childNode: leaderNode() },
};
const btrip = {
  moduleCode: 'oa_btrip',
  name: '出差审批',
  deptCode: null,
  adminUserCodes: ['admin'],
  root: {
    ...startNode,
    childNode: leaderNode({
      id: 'ccOffice',
      type: 'cc',
      name: '抄送办公室',
      settings: { assignee: { kind: 'users', userCodes: [DIRECTOR] } },
      childNode: null,
    }),
  },
};
const DEMO_FLOWS = [stamp, lend, btrip].map((raw) => processDefinitionSchema.parse(raw) as ProcessDefinition);

/** Processes written for a module; every other approval module the engine serves gets `defaultFlow`. */
const WRITTEN_FLOWS: ProcessDefinition[] = [
  ...DEMO_FLOWS,
  flow('oa_sign', '签报审批流程', [deptLeader, approve('呈报领导签批', { kind: 'formUser', field: 'leader' })]),
  flow('oa_briefing', '工作简报审核流程', [deptLeader, approve('办公室审核', users(DIRECTOR))]),
  flow('oa_information', '信息发布审核流程', [deptLeader, approve('办公室审核', users(DIRECTOR))]),
  flow('oa_circulation', '工作反馈传阅流程', [deptLeader, cc('传阅', { kind: 'formUser', field: 'readers' })]),
  flow('oa_reward', '劳务费审批流程', [deptLeader, approve('财务审核', users(FINANCE)), directorAbove('amount', '应发金额', 5000)]),
  flow('oa_device', '设备采购审批流程', [
    deptLeader,
    approve('信息中心审核', users(IT)),
    approve('财务审核', users(FINANCE)),
    directorAbove('total', '预算合计', 10000),
  ]),
  flow('oa_contract', '合同审批流程', [
    deptLeader,
    approve('财务审核', users(FINANCE)),
    directorAbove('amount', '合同金额', 50000),
    cc('抄送办公室归档', users(DIRECTOR)),
  ]),
  flow('oa_event', '重大事项审批流程', [deptLeader, approve('办公室主任审核', users(DIRECTOR))]),
  flow('oa_legal', '法人信息变更审批流程', [
    deptLeader,
    approve('办公室主任审核', users(DIRECTOR)),
    approve('法定代表人审阅', { kind: 'role', roleCode: ROLE.LEGAL_REPRESENTATIVE, scope: 'all' }),
  ]),
  flow('oa_employment', '入职离职审批流程', [deptLeader, approve('人力资源部审核', users(HR)), cc('抄送办公室', users(DIRECTOR))]),
  flow('oa_certificate', '证照使用审批流程', [deptLeader, approve('办公室审批', users(DIRECTOR))]),
  flow('oa_leave', '请假审批流程', [
    deptLeader,
    above('days', '请假天数', 4, approve('办公室主任审批', users(DIRECTOR))),
    cc('抄送人力资源部', users(HR)),
  ]),
  flow('oa_payment', '付款报销审批流程', [deptLeader, approve('财务审核', users(FINANCE)), directorAbove('total', '合计金额', 10000)]),
  flow('oa_borrow', '借款审批流程', [deptLeader, approve('财务审核', users(FINANCE)), directorAbove('amount', '借款金额', 5000)]),
  flow('oa_abroad', '出国(境)审批流程', [
    deptLeader,
    approve('国际合作部审核', users(FOREIGN)),
    approve('办公室主任审批', users(DIRECTOR)),
  ]),
  flow('oa_passport', '护照借用审批流程', [deptLeader, approve('国际合作部审批', users(FOREIGN))]),
  flow('oa_invite', '邀请函审批流程', [deptLeader, approve('国际合作部审批', users(FOREIGN))]),
  flow('oa_visit', '外宾来访审批流程', [deptLeader, approve('国际合作部审核', users(FOREIGN)), directorAbove('budget', '接待经费', 20000)]),
  flow('oa_conference', '国际会议审批流程', [
    deptLeader,
    approve('国际合作部审核', users(FOREIGN)),
    approve('办公室主任审批', users(DIRECTOR)),
  ]),
  flow('oa_car', '用车审批流程', [deptLeader, approve('办公室派车审批', users(DIRECTOR))]),
  flow('oa_email', '邮箱申请审批流程', [deptLeader, approve('信息中心审批', users(IT))]),
  flow('oa_supplies', '办公用品领用审批流程', [deptLeader, approve('办公室审批', users(DIRECTOR))]),
  flow('oa_meeting', '会议室预订审批流程', [approve('会议室审批人审批', { kind: 'formUser', field: 'approver' })]),
  // research subjects (issue 17): started by the subject's manager after the expert review / the applicant's contract
  flow('oa_subject', '课题立项审批流程', [approve('分管部门负责人审批', { kind: 'deptLeader' }), cc('抄送办公室', users(DIRECTOR))]),
  flow('oa_subjectContract', '课题合同签订审批流程', [
    approve('分管部门负责人审批', { kind: 'deptLeader' }),
    cc('抄送财务部', users(FINANCE)),
  ]),
];

const written = new Set(WRITTEN_FLOWS.map((d) => d.moduleCode));

/** The processes of approval modules without a written one: the applicant's department leader approves. */
export function defaultFlows(modules: readonly AnyModule[]): ProcessDefinition[] {
  return modules.filter((m) => m.kind === 'approval' && !written.has(m.code)).map((m) => flow(m.code, `${m.name}审批流程`, [deptLeader]));
}

/** The one list of default process definitions: seeded published (version 1) on a fresh installation. */
export const APPROVAL_FLOWS: ProcessDefinition[] = [...WRITTEN_FLOWS, ...defaultFlows(ENGINE_MODULES)];
