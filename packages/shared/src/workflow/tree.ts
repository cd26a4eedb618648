import type { Branch, BranchNode, FlowNode, ProcessDefinition } from './definition';

/** Where a node sits in the tree: the chain it belongs to, and the branch nodes around it. */
export interface NodePlace {
  node: FlowNode;
  /** the node before it in its chain (null: first of a branch chain or the start node) */
  previous: FlowNode | null;
  /** the branch node and branch whose chain holds it (null: the main chain) */
  owner: { branchNode: BranchNode; branch: Branch } | null;
  /**
   * The parallel scopes around the node, outermost first, as `branchNodeId:branchId`.
   * Tokens of the engine carry the same path (joined with '/').
   */
  parallelPath: string[];
}

/** Every node of a definition with its place, in depth-first (route) order. */
export function indexNodes(def: ProcessDefinition): Map<string, NodePlace> {
  const out = new Map<string, NodePlace>();
  const walk = (first: FlowNode | null, owner: NodePlace['owner'], path: string[]): void => {
    let previous: FlowNode | null = null;
    // The chain is finite: ids are unique and each node is visited once (guard against corrupt input).
    for (let n = first; n && !out.has(n.id); n = n.childNode) {
      out.set(n.id, { node: n, previous, owner, parallelPath: path });
      if (n.type === 'branch') {
        for (const b of n.branches)
          walk(b.childNode, { branchNode: n, branch: b }, n.mode === 'parallel' ? [...path, scopeKey(n.id, b.id)] : path);
      }
      previous = n;
    }
  };
  walk(def.root, null, []);
  return out;
}

export const scopeKey = (branchNodeId: string, branchId: string): string => `${branchNodeId}:${branchId}`;
export const pathString = (path: readonly string[]): string => path.map((p) => `/${p}`).join('');

export function findNode(def: ProcessDefinition, nodeId: string): FlowNode | null {
  return indexNodes(def).get(nodeId)?.node ?? null;
}

/** Every node id and branch id (uniqueness checks). */
export function allIds(def: ProcessDefinition): string[] {
  const ids: string[] = [];
  for (const { node } of indexNodes(def).values()) {
    ids.push(node.id);
    if (node.type === 'branch') ids.push(...node.branches.map((b) => b.id));
  }
  return ids;
}
