import type { ProcessDefinition } from '@oa/shared/workflow/definition';
import type { Db } from '../../db/database';
import { insertPublished, parseDefinition } from './definitions.service';

const start = { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} } };
const leaderNode = (childNode: unknown = null) => ({
  id: 'deptLeader', type: 'approver', name: '部门负责人审批',
  settings: { assignee: { kind: 'deptLeader' }, whenEmpty: 'toAdmin', whenInitiator: 'toLeader' }, childNode,
});

/** The demo processes of the seeded modules (called at the end of the demo seed, in its transaction). */
export function defaultDefinitions(officeDirector: string): ProcessDefinition[] {
  const stamp = {
    moduleCode: 'oa_stamp', name: '用印审批', deptCode: null, adminUserCodes: ['admin'],
    root: { ...start, childNode: leaderNode({
      id: 'copiesBranch', type: 'branch', name: '按用印份数', mode: 'exclusive', childNode: null, branches: [
        { id: 'many', name: '超过 10 份', priority: 1, isDefault: false, conditions: [{ kind: 'number', field: 'copies', op: '>', value: 10 }], childNode: {
          id: 'officeDirector', type: 'approver', name: '办公室主任审批', settings: { assignee: { kind: 'users', userCodes: [officeDirector] } }, childNode: null,
        } },
        { id: 'few', name: '其他情况', priority: 2, isDefault: true, conditions: [], childNode: null },
      ],
    }) },
  };
  const lend = { moduleCode: 'oa_lend', name: '物品借用审批', deptCode: null, adminUserCodes: ['admin'], root: { ...start, childNode: leaderNode() } };
  const btrip = {
    moduleCode: 'oa_btrip', name: '出差审批', deptCode: null, adminUserCodes: ['admin'],
    root: { ...start, childNode: leaderNode({ id: 'ccOffice', type: 'cc', name: '抄送办公室', settings: { assignee: { kind: 'users', userCodes: [officeDirector] } }, childNode: null }) },
  };
  return [stamp, lend, btrip].map(parseDefinition);
}

export async function seedWorkflowDefaults(trx: Db): Promise<void> {
  const office = await trx.selectFrom('org_dept').select('leader_user_code').where('dept_code', '=', 'D01').executeTakeFirst();
  for (const def of defaultDefinitions(office?.leader_user_code ?? 'leader')) {
    const exists = await trx.selectFrom('wf_definition').select('id').where('module_code', '=', def.moduleCode).limit(1).executeTakeFirst();
    if (!exists) await insertPublished(trx, def, 'admin');
  }
}
