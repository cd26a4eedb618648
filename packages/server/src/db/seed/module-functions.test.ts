import { describe, expect, it } from 'vitest';
import { defineModule } from '@oa/shared/modules/define-module';
import { field } from '@oa/shared/modules/field';
import { formPage, menuPage } from '@oa/shared/modules/module-menu';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';
import { APPROVAL_FLOWS, defaultFlows } from './approval-flows.data';
import { SEED_FUNCTIONS } from './functions.data';
import { modulePageGrants, modulePages, modulePermissions } from './module-functions';

/** A module's functions, grants and default process come from its declaration alone. */
const probe = defineModule({
  code: 'oa_probe',
  name: '试用申请',
  kind: 'approval',
  routes: { list: '/probe', edit: '/probeEdit' },
  menu: {
    parent: 'office',
    order: 500,
    icon: 'BulbOutlined',
    pages: [
      formPage('oa_probe_edit', '试用申请单', '/probeEdit', 501),
      menuPage('oa_probe_desk', '试用签批', '/probeDesk', 510, 'EditOutlined', 'leaders'),
    ],
  },
  serial: { prefix: 'SY' },
  fields: { reason: field.text('事由', { required: true }) },
  list: { columns: ['reason'], filters: ['reason'] },
});

describe('functions of the declared modules', () => {
  it('derive the list page, the other pages and the permission keys from the menu place', () => {
    const pages = modulePages([probe]);
    expect(pages).toEqual([
      {
        funCode: 'oa_probe',
        funName: '试用申请',
        parentCode: 'office',
        router: '/probe',
        sortNo: 500,
        icon: 'BulbOutlined',
        menuType: '1',
        isHidden: 'N',
      },
      expect.objectContaining({ funCode: 'oa_probe_edit', router: '/probeEdit', routerSelected: '/probe', isHidden: 'Y', noCache: 'Y' }),
      expect.objectContaining({ funCode: 'oa_probe_desk', router: '/probeDesk', icon: 'EditOutlined', isHidden: 'N' }),
    ]);
    const perms = modulePermissions(pages, [probe]);
    expect(perms.functions.map((f) => [f.funCode, f.funName, f.parentCode])).toEqual([
      ['oa_probe:create', '试用申请-新建', 'oa_probe'],
      ['oa_probe:read', '试用申请-查看', 'oa_probe'],
      ['oa_probe:manage', '试用申请-管理', 'oa_probe'],
      ['oa_probe:approve', '试用申请-审批', 'oa_probe'],
    ]);
    expect(modulePageGrants([probe])).toEqual({ all: ['oa_probe', 'oa_probe_edit'], leaders: ['oa_probe_desk'] });
  });

  it("give an approval module without a written process the department leader's approval", () => {
    const [def] = defaultFlows([probe]);
    expect(def).toMatchObject({ moduleCode: 'oa_probe', name: '试用申请审批流程' });
    expect(def.root.childNode).toMatchObject({ type: 'approver', settings: { assignee: { kind: 'deptLeader' } }, childNode: null });
  });

  it('refuse a module whose list route has no page', () => {
    expect(() => modulePermissions([], [probe])).toThrow(/oa_probe/);
  });

  it('give every approval module the engine serves a list page, its keys and a default process', () => {
    const codes = new Set(SEED_FUNCTIONS.map((f) => f.funCode));
    const flows = new Set(APPROVAL_FLOWS.map((d) => d.moduleCode));
    for (const m of ENGINE_MODULES) {
      expect(codes.has(m.code), m.code).toBe(true);
      expect(codes.has(`${m.code}:read`), m.code).toBe(true);
      if (m.kind === 'approval') expect(flows.has(m.code), m.code).toBe(true);
    }
  });
});
