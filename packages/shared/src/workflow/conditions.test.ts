import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BranchNode, Condition } from './definition';
import { chooseBranches, evaluateCondition, isDeptUnder, type EvalContext } from './conditions';
import { condition, DIR, USER_CODES } from '../../test/workflow-fixtures';

const ctx = (form: Record<string, unknown>, initiator = 'u1'): EvalContext => ({
  form,
  initiator,
  initiatorDept: DIR.users[initiator]?.deptCode ?? null,
  directory: DIR,
});
const REF: Record<string, (x: number, a: number) => boolean> = {
  '<': (x, a) => x < a,
  '<=': (x, a) => x <= a,
  '=': (x, a) => x === a,
  '>=': (x, a) => x >= a,
  '>': (x, a) => x > a,
  '!=': (x, a) => x !== a,
};

describe('condition evaluation', () => {
  it('number conditions agree with plain comparison, for numbers and numeric strings', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
        fc.constantFrom(...Object.keys(REF)),
        fc.integer({ min: -1000, max: 1000 }),
        fc.boolean(),
        (x, op, value, asString) => {
          const c = { kind: 'number', field: 'f', op, value } as Condition;
          expect(evaluateCondition(c, ctx({ f: asString ? String(x) : x }))).toBe(REF[op](x, value));
        },
      ),
    );
  });

  it('between is inclusive on both ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 50 }), (x, lo, span) => {
        const c: Condition = { kind: 'number', field: 'f', op: 'between', value: lo, value2: lo + span };
        expect(evaluateCondition(c, ctx({ f: x }))).toBe(x >= lo && x <= lo + span);
      }),
    );
  });

  it('a missing or malformed value never satisfies a field condition', () => {
    fc.assert(
      fc.property(condition, fc.constantFrom(undefined, null, '', 'abc', {}, []), (c, v) => {
        if (c.kind === 'initiatorDept' || c.kind === 'initiatorRole') return;
        expect(evaluateCondition(c as Condition, ctx({ amount: v, level: v }))).toBe(false);
      }),
    );
  });

  it('dates compare by day, select/user/dept fields accept arrays and objects', () => {
    expect(evaluateCondition({ kind: 'date', field: 'd', op: '>=', value: '2026-01-01' }, ctx({ d: '2026-01-01T08:00:00Z' }))).toBe(true);
    expect(
      evaluateCondition(
        { kind: 'date', field: 'd', op: 'between', value: '2026-01-01', value2: '2026-01-31' },
        ctx({ d: ['2026-02-01', '2026-02-03'] }),
      ),
    ).toBe(false);
    expect(evaluateCondition({ kind: 'select', field: 's', values: ['b'] }, ctx({ s: ['a', 'b'] }))).toBe(true);
    expect(evaluateCondition({ kind: 'user', field: 'u', userCodes: ['la'] }, ctx({ u: { userCode: 'la' } }))).toBe(true);
    expect(evaluateCondition({ kind: 'dept', field: 'd', deptCodes: ['A'] }, ctx({ d: 'A1' }))).toBe(true);
    expect(evaluateCondition({ kind: 'initiatorRole', roleCodes: ['x'] }, ctx({}, 'u2'))).toBe(true);
  });

  it('a department is under its ancestors only, and a cyclic tree does not loop', () => {
    fc.assert(
      fc.property(fc.constantFrom('ROOT', 'A', 'A1', 'B'), (d) => {
        expect(isDeptUnder(DIR, d, ['ROOT'])).toBe(true);
        expect(isDeptUnder(DIR, d, ['A'])).toBe(d === 'A' || d === 'A1');
      }),
    );
    const cyclic = {
      ...DIR,
      depts: {
        X: { deptCode: 'X', deptName: 'x', parentCode: 'Y', leaderUserCode: null },
        Y: { deptCode: 'Y', deptName: 'y', parentCode: 'X', leaderUserCode: null },
      },
    };
    expect(isDeptUnder(cyclic, 'X', ['Z'])).toBe(false);
  });

  it('exclusive routing always picks exactly one branch: the first holding by priority, else the default', () => {
    const branchesArb = fc.array(fc.array(condition, { maxLength: 2 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(
        branchesArb,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: -6, max: 6 }),
        fc.constantFrom(...USER_CODES),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 6, maxLength: 6 }),
        (conds, at, amount, initiator, prios) => {
          const branches = conds.map((conditions, i) => ({
            id: `b${i}`,
            name: `b${i}`,
            priority: prios[i] * 10 + i,
            conditions: conditions as Condition[],
            isDefault: false,
            childNode: null,
          }));
          branches.splice(Math.min(at, branches.length), 0, {
            id: 'def',
            name: 'def',
            priority: 99,
            conditions: [],
            isDefault: true,
            childNode: null,
          });
          const node: BranchNode = { id: 'x', type: 'branch', name: 'x', mode: 'exclusive', branches, childNode: null };
          const c = ctx({ amount, level: 'a' }, initiator);
          const { chosen } = chooseBranches(node, c);
          expect(chosen).toHaveLength(1);
          const holding = branches
            .filter((b) => !b.isDefault && b.conditions.every((k) => evaluateCondition(k, c)))
            .sort((a, b) => a.priority - b.priority);
          expect(chosen[0].id).toBe(holding[0]?.id ?? 'def');
        },
      ),
    );
  });
});
