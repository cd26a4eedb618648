import { describe, expect, it } from 'vitest';
import { conditionFieldsOf } from '@oa/shared/modules/define-module';
import { moduleByCode } from '@oa/shared/modules/registry';
import { validateDefinition } from '@oa/shared/workflow/validate';
import { APPROVAL_FLOWS } from './approval-flows.data';
import { approvalGrants } from './approval-modules.seed';
import { SEED_FUNCTIONS } from './functions.data';

describe('default processes of the approval modules', () => {
  it.each(APPROVAL_FLOWS.map((d) => [d.moduleCode, d] as const))('%s is a valid definition of a declared approval module', (code, def) => {
    const m = moduleByCode(code);
    expect(m?.kind).toBe('approval');
    // condition fields, plus every user field (a CC node may copy to a multi-person field such as 传阅人员)
    const fields = [
      ...conditionFieldsOf(m!).map((f) => ({ code: f.field, type: f.kind, label: f.label })),
      ...Object.entries(m!.fields)
        .filter(([, f]) => f.kind === 'user')
        .map(([code, f]) => ({ code, type: 'user', label: f.label })),
    ];
    expect(validateDefinition(def, fields)).toEqual([]);
    // a room booking goes to the room's approver (a form field), every other module starts with the department leader
    const first = code === 'oa_meeting' ? { kind: 'formUser', field: 'approver' } : { kind: 'deptLeader' };
    expect(def.root.childNode).toMatchObject({ type: 'approver', settings: { assignee: first } });
  });

  it('grants the default role the application pages and create/read, never manage', () => {
    const grants = approvalGrants(SEED_FUNCTIONS);
    const known = new Set(SEED_FUNCTIONS.map((f) => f.funCode));
    expect(grants.every((g) => known.has(g.fun_code))).toBe(true);
    const defaults = grants.filter((g) => g.role_code === 'ROLE_SYSTEM_DEFAULT').map((g) => g.fun_code);
    expect(defaults).toEqual(expect.arrayContaining(['oa_leave', 'oa_leave:create', 'oa_leave:read', 'oa_sign_edit', 'oa_briefing_list']));
    expect(defaults.some((c) => c.endsWith(':manage') || c.endsWith(':approve'))).toBe(false);
    expect(defaults).not.toContain('oa_leave_manage');
  });
});
