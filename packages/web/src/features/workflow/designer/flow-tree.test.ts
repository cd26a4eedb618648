import { describe, expect, it } from 'vitest';
import type { BranchNode, FlowNode, StartNode } from '@oa/shared/workflow/definition';
import { processDefinitionSchema } from '@oa/shared/workflow/definition';
import * as tree from './flow-tree';

const chainNames = (n: FlowNode | null): string[] => {
  const out: string[] = [];
  for (let x = n; x; x = x.childNode) out.push(x.name);
  return out;
};

function withBranch(): { root: StartNode; branch: BranchNode } {
  let root = tree.newRoot();
  const approver = root.childNode as FlowNode;
  const branch = tree.newBranchNode('exclusive');
  root = tree.insertNode(root, { kind: 'node', nodeId: approver.id }, branch);
  return { root, branch };
}

describe('flow-tree', () => {
  it('inserts after a node; the rest of the chain follows the new node', () => {
    let root = tree.newRoot();
    const cc = tree.newCc();
    root = tree.insertNode(root, { kind: 'node', nodeId: root.id }, cc);
    expect(chainNames(root)).toEqual(['发起人', '抄送人', '审批人']);
  });

  it('inserts a branch node whose rejoin keeps the following chain, and at the top of a branch', () => {
    let root = tree.newRoot();
    const branch = tree.newBranchNode('exclusive');
    root = tree.insertNode(root, { kind: 'node', nodeId: root.id }, branch);
    expect(chainNames(root)).toEqual(['发起人', '条件分支', '审批人']);
    const first = branch.branches[0];
    root = tree.insertNode(root, { kind: 'branch', branchNodeId: branch.id, branchId: first.id }, tree.newApprover('主任'));
    const found = tree.findBranch(root, branch.id, first.id);
    expect(chainNames(found?.branch.childNode ?? null)).toEqual(['主任']);
    expect(processDefinitionSchema.safeParse({ moduleCode: 'oa_stamp', name: 'x', root }).success).toBe(true);
  });

  it('adds branches before the default one and keeps priorities 1..n', () => {
    const { root, branch } = withBranch();
    const next = tree.addBranch(root, branch.id);
    const b = tree.findNode(next, branch.id) as BranchNode;
    expect(b.branches.map((x) => [x.name, x.priority, x.isDefault])).toEqual([
      ['条件1', 1, false],
      ['条件2', 2, false],
      ['其他情况', 3, true],
    ]);
  });

  it('moves a branch but never past the default branch', () => {
    const made = withBranch();
    const branch = made.branch;
    let root = tree.addBranch(made.root, branch.id);
    const [b1, b2, def] = (tree.findNode(root, branch.id) as BranchNode).branches;
    root = tree.moveBranch(root, branch.id, b2.id, -1);
    expect((tree.findNode(root, branch.id) as BranchNode).branches.map((x) => x.id)).toEqual([b2.id, b1.id, def.id]);
    const same = tree.moveBranch(root, branch.id, def.id, -1);
    expect((tree.findNode(same, branch.id) as BranchNode).branches.map((x) => x.priority)).toEqual([1, 2, 3]);
    expect((tree.findNode(same, branch.id) as BranchNode).branches[2].id).toBe(def.id);
  });

  it('removing the second-last branch splices the remaining chain in place of the branch node', () => {
    const made = withBranch();
    const branch = made.branch;
    const [b1, def] = branch.branches;
    let root = tree.insertNode(made.root, { kind: 'branch', branchNodeId: branch.id, branchId: def.id }, tree.newApprover('复核'));
    root = tree.removeBranch(root, branch.id, b1.id);
    expect(chainNames(root)).toEqual(['发起人', '审批人', '复核']);
  });

  it('removes a node (never the start node) and clones with fresh ids', () => {
    const root = tree.newRoot();
    const approver = root.childNode as FlowNode;
    expect(chainNames(tree.removeNode(root, approver.id))).toEqual(['发起人']);
    expect(tree.removeNode(root, root.id)).toBe(root);
    const copy = tree.cloneWithNewIds(root);
    expect(copy.id).not.toBe(root.id);
    expect(chainNames(copy)).toEqual(chainNames(root));
  });
});
