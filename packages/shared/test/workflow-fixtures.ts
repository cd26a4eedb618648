/* Test fixtures for the pure workflow functions: a small organisation and random definitions. */
import fc from 'fast-check';
import type { Directory, ProcessDefinition } from '../src/workflow/definition';
import { processDefinitionSchema } from '../src/workflow/definition';

export const DIR: Directory = {
  depts: {
    ROOT: { deptCode: 'ROOT', deptName: '协会', parentCode: null, leaderUserCode: 'boss' },
    A: { deptCode: 'A', deptName: '办公室', parentCode: 'ROOT', leaderUserCode: 'la' },
    A1: { deptCode: 'A1', deptName: '文秘科', parentCode: 'A', leaderUserCode: 'la1' },
    B: { deptCode: 'B', deptName: '财务部', parentCode: 'ROOT', leaderUserCode: null },
  },
  users: Object.fromEntries(
    [
      ['boss', 'ROOT', ['001']],
      ['la', 'A', ['001']],
      ['la1', 'A1', ['001']],
      ['u1', 'A1', []],
      ['u2', 'A', ['x']],
      ['u3', 'B', ['x']],
      ['gone', 'B', []],
      ['admin', 'ROOT', ['admin']],
    ].map(([c, d, r]) => [
      c as string,
      { userCode: c as string, userName: `名${c as string}`, deptCode: d as string, active: c !== 'gone', roleCodes: r as string[] },
    ]),
  ),
};
export const USER_CODES = Object.keys(DIR.users);

type Json = Record<string, unknown>;
const assignee = fc.oneof(
  fc.subarray(USER_CODES, { minLength: 1 }).map((userCodes) => ({ kind: 'users', userCodes })),
  fc.constantFrom('001', 'x', 'none').map((roleCode) => ({ kind: 'role', roleCode, scope: 'all' })),
  fc.constant({ kind: 'deptLeader' }),
  fc.integer({ min: 1, max: 4 }).map((level) => ({ kind: 'supervisor', level })),
  fc.integer({ min: 1, max: 4 }).map((topLevel) => ({ kind: 'supervisorChain', topLevel })),
  fc.constant({ kind: 'initiator' }),
  fc.constant({ kind: 'formUser', field: 'who' }),
  fc.constant({ kind: 'initiatorPicks', multiple: true, candidates: [] }),
);
const settings = fc.record({
  assignee,
  mode: fc.constantFrom({ kind: 'sequential' }, { kind: 'all' }, { kind: 'any' }, { kind: 'ratio', percent: 50 }),
  whenEmpty: fc.constantFrom('autoPass', 'toAdmin', 'reject'),
  whenInitiator: fc.constantFrom('selfApprove', 'skip', 'toLeader'),
  dedupeConsecutive: fc.boolean(),
});
export const condition = fc.oneof(
  fc.record({
    kind: fc.constant('number'),
    field: fc.constant('amount'),
    op: fc.constantFrom('<', '<=', '=', '>=', '>', '!='),
    value: fc.integer({ min: -5, max: 5 }),
  }),
  fc.record({ kind: fc.constant('select'), field: fc.constant('level'), values: fc.subarray(['a', 'b', 'c'], { minLength: 1 }) }),
  fc.record({ kind: fc.constant('initiatorDept'), deptCodes: fc.subarray(['ROOT', 'A', 'A1', 'B'], { minLength: 1 }) }),
  fc.record({ kind: fc.constant('initiatorRole'), roleCodes: fc.subarray(['001', 'x'], { minLength: 1 }) }),
);

/** A chain of random nodes (ids assigned later). */
const chainArb: (depth: number) => fc.Arbitrary<Json[]> = (depth) => fc.array(nodeArb(depth), { maxLength: depth > 0 ? 4 : 3 });
function nodeArb(depth: number): fc.Arbitrary<Json> {
  const approver = settings.map((s) => ({ type: 'approver', settings: s }));
  const cc = assignee.map((a) => ({ type: 'cc', settings: { assignee: a } }));
  if (depth <= 0) return fc.oneof(approver, cc);
  const exclusive = fc
    .tuple(
      fc.array(fc.tuple(fc.array(condition, { minLength: 1, maxLength: 2 }), chainArb(depth - 1)), { minLength: 1, maxLength: 3 }),
      chainArb(depth - 1),
      fc.integer({ min: 0, max: 3 }),
    )
    .map(([conds, def, at]) => {
      const branches = conds.map(([conditions, nodes]) => ({ conditions, isDefault: false, nodes }));
      branches.splice(Math.min(at, branches.length), 0, { conditions: [], isDefault: true, nodes: def });
      return { type: 'branch', mode: 'exclusive', branches };
    });
  const parallel = fc
    .array(
      chainArb(depth - 1).filter((c) => c.length > 0),
      { minLength: 2, maxLength: 3 },
    )
    .map((chains) => ({
      type: 'branch',
      mode: 'parallel',
      branches: chains.map((nodes) => ({ conditions: [], isDefault: false, nodes })),
    }));
  return fc.oneof(
    { weight: 3, arbitrary: approver },
    { weight: 1, arbitrary: cc },
    { weight: 1, arbitrary: exclusive },
    { weight: 1, arbitrary: parallel },
  );
}

function build(nodes: Json[], ids: { n: number }): Json | null {
  const built: Json[] = nodes.map((spec): Json => {
    const id = `n${++ids.n}`;
    if (spec.type !== 'branch') return { ...spec, id, name: id, childNode: null };
    const branches = (spec.branches as Array<{ conditions: Json[]; isDefault: boolean; nodes: Json[] }>).map((b, i) => ({
      id: `b${++ids.n}`,
      name: `分支${i}`,
      priority: i + 1,
      conditions: b.conditions,
      isDefault: b.isDefault,
      childNode: build(b.nodes, ids),
    }));
    return { id, name: id, type: 'branch', mode: spec.mode, branches, childNode: null };
  });
  for (let i = 0; i < built.length - 1; i++) built[i].childNode = built[i + 1];
  return built[0] ?? null;
}

/** Random valid definitions (unique ids, one default per exclusive branch node, unique priorities). */
export const definitionArb: fc.Arbitrary<ProcessDefinition> = chainArb(2).map((nodes) => {
  const def = processDefinitionSchema.parse({
    moduleCode: 'm',
    name: '随机流程',
    deptCode: null,
    adminUserCodes: ['admin'],
    root: { id: 'start', type: 'start', name: '发起人', settings: { fieldPermissions: {} }, childNode: build(nodes, { n: 0 }) },
  });
  return def as ProcessDefinition;
});

export const formArb = fc.record({
  amount: fc.oneof(fc.integer({ min: -6, max: 6 }), fc.constant(undefined)),
  level: fc.constantFrom('a', 'b', 'c', undefined),
  who: fc.constantFrom(...USER_CODES, undefined),
});
