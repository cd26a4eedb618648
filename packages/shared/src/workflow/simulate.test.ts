import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simulate } from './simulate';
import { validateDefinition } from './validate';
import { indexNodes } from './tree';
import { definitionArb, DIR, formArb, USER_CODES } from '../../test/workflow-fixtures';

describe('simulate', () => {
  it('terminates on any definition, visits each node at most once, and only nodes of the definition', () => {
    fc.assert(
      fc.property(definitionArb, formArb, fc.constantFrom(...USER_CODES), (def, form, initiator) => {
        const r = simulate(def, form, initiator, DIR, { picks: Object.fromEntries([...indexNodes(def).keys()].map((id) => [id, ['u3']])) });
        const index = indexNodes(def);
        expect(new Set(r.route).size).toBe(r.route.length);
        for (const id of r.route) expect(index.has(id)).toBe(true);
        expect(r.route[0]).toBe('start');
        expect(['approved', 'rejected', 'pending']).toContain(r.outcome);
      }),
      { numRuns: 300 },
    );
  });

  it('picks exactly one branch on every exclusive branch node it visits, every branch on parallel ones', () => {
    fc.assert(
      fc.property(definitionArb, formArb, fc.constantFrom(...USER_CODES), (def, form, initiator) => {
        const r = simulate(def, form, initiator, DIR);
        const index = indexNodes(def);
        for (const b of r.branches) {
          const node = index.get(b.branchNodeId)!.node;
          if (node.type !== 'branch') throw new Error('not a branch');
          expect(b.chosen.length).toBe(node.mode === 'exclusive' ? 1 : node.branches.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never names an inactive person as an approver, and explains every approver node in Chinese', () => {
    fc.assert(
      fc.property(definitionArb, formArb, fc.constantFrom(...USER_CODES), (def, form, initiator) => {
        const r = simulate(def, form, initiator, DIR);
        for (const s of r.steps.filter((x) => x.type === 'approver')) {
          expect(s.reasons.length).toBeGreaterThan(0);
          for (const a of s.approvers) expect(DIR.users[a.userCode]?.active).toBe(true);
          if (s.outcome === 'reject') expect(r.outcome).toBe('rejected');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic, and generated definitions pass validation when they have an approver', () => {
    fc.assert(
      fc.property(definitionArb, formArb, (def, form) => {
        expect(simulate(def, form, 'u1', DIR)).toEqual(simulate(def, form, 'u1', DIR));
        const problems = validateDefinition(def).filter((p) => p.message !== '流程至少需要一个审批节点');
        expect(problems).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('applies the special cases with reasons', () => {
    const def = {
      moduleCode: 'm',
      name: 'x',
      deptCode: null,
      adminUserCodes: ['admin'],
      root: {
        id: 's',
        type: 'start' as const,
        name: '发起人',
        settings: { fieldPermissions: {} },
        childNode: {
          id: 'a',
          type: 'approver' as const,
          name: '主管',
          settings: {
            assignee: { kind: 'deptLeader' as const },
            mode: { kind: 'sequential' as const },
            whenEmpty: 'toAdmin' as const,
            whenInitiator: 'toLeader' as const,
            dedupeConsecutive: true,
            fieldPermissions: {},
            timeout: null,
            allowReturn: true,
            allowTransfer: true,
            allowAddSign: true,
            requiredFields: [],
            allowBatch: false,
            requireSignature: false,
            overdueHours: null,
          },
          childNode: {
            id: 'b',
            type: 'approver' as const,
            name: '离职',
            settings: {
              assignee: { kind: 'users' as const, userCodes: ['gone'] },
              mode: { kind: 'sequential' as const },
              whenEmpty: 'toAdmin' as const,
              whenInitiator: 'selfApprove' as const,
              dedupeConsecutive: true,
              fieldPermissions: {},
              timeout: null,
              allowReturn: true,
              allowTransfer: true,
              allowAddSign: true,
              requiredFields: [],
              allowBatch: false,
              requireSignature: false,
              overdueHours: null,
            },
            childNode: null,
          },
        },
      },
    };
    const r = simulate(def, {}, 'la1', DIR);
    expect(r.steps[1]).toMatchObject({ approvers: [{ userCode: 'la' }] });
    expect(r.steps[1].reasons.join()).toContain('转交其上级');
    expect(r.steps[2]).toMatchObject({ approvers: [{ userCode: 'admin' }] });
    expect(r.steps[2].reasons.join()).toContain('已离职');
  });
});
