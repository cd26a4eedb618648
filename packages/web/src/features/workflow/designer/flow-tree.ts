import type { ApproverNode, Branch, BranchNode, CcNode, FlowNode, StartNode } from '@oa/shared/workflow/definition';

/**
 * Immutable edits of a process-definition tree (DingTalk style: `childNode` chains, branch nodes whose
 * branches hold their own chains and rejoin at the branch node's `childNode`). Every function returns a
 * new root; untouched sub-trees are shared.
 */

/** Where a new node goes: after a node, or at the top of a branch's chain. */
export type InsertAnchor = { kind: 'node'; nodeId: string } | { kind: 'branch'; branchNodeId: string; branchId: string };
export type NewNodeKind = 'approver' | 'cc' | 'exclusive' | 'parallel';

const newId = (): string => crypto.randomUUID();

function newStart(): StartNode {
  return { id: newId(), type: 'start', name: '发起人', childNode: null, settings: { fieldPermissions: {} } };
}

export function newApprover(name = '审批人'): ApproverNode {
  return {
    id: newId(),
    type: 'approver',
    name,
    childNode: null,
    settings: {
      assignee: { kind: 'deptLeader' },
      mode: { kind: 'sequential' },
      whenEmpty: 'toAdmin',
      whenInitiator: 'selfApprove',
      dedupeConsecutive: true,
      requiredFields: [],
      fieldPermissions: {},
      timeout: null,
      allowReturn: true,
      allowTransfer: true,
      allowAddSign: true,
      allowBatch: false,
      requireSignature: false,
      overdueHours: null,
    },
  };
}

export function newCc(): CcNode {
  return {
    id: newId(),
    type: 'cc',
    name: '抄送人',
    childNode: null,
    settings: { assignee: { kind: 'users', userCodes: [] }, fieldPermissions: {} },
  };
}

function newBranchOf(mode: 'exclusive' | 'parallel', index: number, isDefault = false): Branch {
  const name = isDefault ? '其他情况' : mode === 'exclusive' ? `条件${index}` : `分支${index}`;
  return { id: newId(), name, priority: index, conditions: [], isDefault, childNode: null };
}

export function newBranchNode(mode: 'exclusive' | 'parallel'): BranchNode {
  const branches = mode === 'exclusive' ? [newBranchOf(mode, 1), newBranchOf(mode, 2, true)] : [newBranchOf(mode, 1), newBranchOf(mode, 2)];
  return { id: newId(), type: 'branch', name: mode === 'exclusive' ? '条件分支' : '并行分支', mode, branches, childNode: null };
}

export function createNode(kind: NewNodeKind): FlowNode {
  if (kind === 'approver') return newApprover();
  if (kind === 'cc') return newCc();
  return newBranchNode(kind);
}

/** A fresh definition tree: 发起人 → 审批人. */
export function newRoot(): StartNode {
  return { ...newStart(), childNode: newApprover() };
}

/** Rebuilds the tree bottom-up, letting `fn` replace any node (return the node itself to keep it). */
function mapTree(node: FlowNode | null, fn: (n: FlowNode) => FlowNode | null): FlowNode | null {
  if (!node) return null;
  const child = mapTree(node.childNode, fn);
  let next: FlowNode = child === node.childNode ? node : ({ ...node, childNode: child } as FlowNode);
  if (next.type === 'branch') {
    const branches = next.branches.map((b) => {
      const c = mapTree(b.childNode, fn);
      return c === b.childNode ? b : { ...b, childNode: c };
    });
    if (branches.some((b, i) => b !== (next as BranchNode).branches[i])) next = { ...next, branches };
  }
  return fn(next);
}

function mapRoot(root: StartNode, fn: (n: FlowNode) => FlowNode | null): StartNode {
  return mapTree(root, fn) as StartNode;
}

/** Visits every node (depth first, chain order). */
export function walk(node: FlowNode | null, visit: (n: FlowNode) => void): void {
  for (let n = node; n; n = n.childNode) {
    visit(n);
    if (n.type === 'branch') for (const b of n.branches) walk(b.childNode, visit);
  }
}

export function findNode(root: FlowNode, id: string): FlowNode | null {
  let found: FlowNode | null = null;
  walk(root, (n) => {
    if (n.id === id) found = n;
  });
  return found;
}

export function findBranch(
  root: FlowNode,
  branchNodeId: string,
  branchId: string,
): { node: BranchNode; branch: Branch; index: number } | null {
  const node = findNode(root, branchNodeId);
  if (!node || node.type !== 'branch') return null;
  const index = node.branches.findIndex((b) => b.id === branchId);
  return index < 0 ? null : { node, branch: node.branches[index], index };
}

/** Appends `tail` to the end of a chain. */
function appendChain(chain: FlowNode | null, tail: FlowNode | null): FlowNode | null {
  if (!chain) return tail;
  if (!tail) return chain;
  return { ...chain, childNode: appendChain(chain.childNode, tail) } as FlowNode;
}

/** Inserts a node at the anchor; the chain that followed continues after it (after a branch node: at its rejoin). */
export function insertNode(root: StartNode, anchor: InsertAnchor, node: FlowNode): StartNode {
  const splice = (next: FlowNode | null): FlowNode => ({ ...node, childNode: next }) as FlowNode;
  return mapRoot(root, (n) => {
    if (anchor.kind === 'node' && n.id === anchor.nodeId) return { ...n, childNode: splice(n.childNode) } as FlowNode;
    if (anchor.kind === 'branch' && n.type === 'branch' && n.id === anchor.branchNodeId) {
      return { ...n, branches: n.branches.map((b) => (b.id === anchor.branchId ? { ...b, childNode: splice(b.childNode) } : b)) };
    }
    return n;
  });
}

/** Removes a node (a branch node with all its branches); the chain after it moves up. The start node stays. */
export function removeNode(root: StartNode, id: string): StartNode {
  if (root.id === id) return root;
  return mapRoot(root, (n) => (n.id === id ? n.childNode : n));
}

export function updateNode(root: StartNode, id: string, fn: (n: FlowNode) => FlowNode): StartNode {
  return mapRoot(root, (n) => (n.id === id ? fn(n) : n));
}

function renumber(branches: Branch[]): Branch[] {
  return branches.map((b, i) => (b.priority === i + 1 ? b : { ...b, priority: i + 1 }));
}

function updateBranchNode(root: StartNode, branchNodeId: string, fn: (n: BranchNode) => FlowNode | null): StartNode {
  return mapRoot(root, (n) => (n.type === 'branch' && n.id === branchNodeId ? fn(n) : n));
}

export function updateBranch(root: StartNode, branchNodeId: string, branchId: string, fn: (b: Branch) => Branch): StartNode {
  return updateBranchNode(root, branchNodeId, (n) => ({ ...n, branches: n.branches.map((b) => (b.id === branchId ? fn(b) : b)) }));
}

/** Adds a branch: for exclusive branches before the default one (the default stays last). */
export function addBranch(root: StartNode, branchNodeId: string): StartNode {
  return updateBranchNode(root, branchNodeId, (n) => {
    const list = [...n.branches];
    const at = n.mode === 'exclusive' && list.length > 0 && list[list.length - 1].isDefault ? list.length - 1 : list.length;
    list.splice(at, 0, newBranchOf(n.mode, list.filter((b) => !b.isDefault).length + 1));
    return { ...n, branches: renumber(list) };
  });
}

/**
 * Deletes a branch. When one branch would be left, the whole branch node goes and the remaining
 * branch's chain is spliced in where the branch node was (DingTalk behaviour).
 */
export function removeBranch(root: StartNode, branchNodeId: string, branchId: string): StartNode {
  return updateBranchNode(root, branchNodeId, (n) => {
    const rest = n.branches.filter((b) => b.id !== branchId);
    if (rest.length >= 2) return { ...n, branches: renumber(rest) };
    return appendChain(rest[0]?.childNode ?? null, n.childNode);
  });
}

/** Whether a branch may move one step left (-1) or right (+1); an exclusive default branch stays last. */
export function canMoveBranch(node: BranchNode, index: number, dir: -1 | 1): boolean {
  const to = index + dir;
  if (to < 0 || to >= node.branches.length) return false;
  if (node.mode === 'exclusive' && (node.branches[index].isDefault || node.branches[to].isDefault)) return false;
  return true;
}

/** Moves a branch one step (changes its priority). */
export function moveBranch(root: StartNode, branchNodeId: string, branchId: string, dir: -1 | 1): StartNode {
  return updateBranchNode(root, branchNodeId, (n) => {
    const i = n.branches.findIndex((b) => b.id === branchId);
    if (i < 0 || !canMoveBranch(n, i, dir)) return n;
    const list = [...n.branches];
    [list[i], list[i + dir]] = [list[i + dir], list[i]];
    return { ...n, branches: renumber(list) };
  });
}

/** A deep copy with fresh ids (copying a definition into a new one). */
export function cloneWithNewIds(root: StartNode): StartNode {
  return mapRoot(structuredClone(root), (n) => {
    const copy = { ...n, id: newId() } as FlowNode;
    if (copy.type === 'branch') copy.branches = copy.branches.map((b) => ({ ...b, id: newId() }));
    return copy;
  });
}

/** The root of a stored definition as a start node (a malformed one gets a start node in front). */
export function asStart(root: FlowNode): StartNode {
  return root.type === 'start' ? root : { ...newStart(), childNode: root };
}
