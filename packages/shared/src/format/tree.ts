/** An item with its children; the input's own `children` field (if any) is replaced. */
export type TreeNode<T> = Omit<T, 'children'> & { children: TreeNode<T>[] };

export interface TreeKeys<T> {
  /** The field holding the item's id. */
  id: keyof T;
  /** The field holding the parent's id; null, undefined or '' mean "no parent". */
  parentId: keyof T;
}

export interface TreeReport<T> {
  roots: TreeNode<T>[];
  /** Items whose parent id names no item: they became roots. */
  orphans: T[];
  /** Items whose parent link was dropped to break a cycle (one per cycle; includes self-parents). */
  cycleBreaks: T[];
}

/** Ids compare as strings, so 1 and '1' are the same id. Empty values are "no id". */
function keyOf(v: unknown): string | null {
  return v === null || v === undefined || v === '' ? null : String(v);
}

/**
 * Builds the id/parent-id forest and says what it had to repair. Guarantees: every input item
 * appears exactly once (as a fresh object; the input is not mutated), children keep input order,
 * and the walk is iterative, so cyclic input can neither loop nor overflow the stack.
 * - No parent id → root. A parent id that names no item → root, listed in `orphans`.
 * - Duplicate ids: children attach to the first item with that id; the later ones still appear.
 * - A cycle (a → b → a, or a → a) is cut at the member that comes first in the input: it becomes
 *   a root and is listed in `cycleBreaks`.
 */
export function buildTreeWithReport<T extends object>(items: readonly T[], keys: TreeKeys<T>): TreeReport<T> {
  const firstIndex = new Map<string, number>();
  items.forEach((item, i) => {
    const k = keyOf(item[keys.id]);
    if (k !== null && !firstIndex.has(k)) firstIndex.set(k, i);
  });

  const orphans: T[] = [];
  const parent = items.map((item, i) => {
    const k = keyOf(item[keys.parentId]);
    if (k === null) return -1;
    const p = firstIndex.get(k);
    if (p === undefined) {
      orphans.push(items[i]);
      return -1;
    }
    return p;
  });

  // Cut cycles: walk up from each unvisited item; meeting an item of the current walk is a cycle.
  const cycleBreaks: number[] = [];
  const state = new Uint8Array(items.length); // 0 new, 1 on the current walk, 2 done
  for (let start = 0; start < items.length; start += 1) {
    const path: number[] = [];
    let cur = start;
    while (cur !== -1 && state[cur] === 0) {
      state[cur] = 1;
      path.push(cur);
      cur = parent[cur];
    }
    if (cur !== -1 && state[cur] === 1) {
      const cycle = path.slice(path.indexOf(cur));
      const cut = Math.min(...cycle);
      parent[cut] = -1;
      cycleBreaks.push(cut);
    }
    for (const i of path) state[i] = 2;
  }

  const nodes: TreeNode<T>[] = items.map((item) => ({ ...item, children: [] }) as TreeNode<T>);
  const roots: TreeNode<T>[] = [];
  nodes.forEach((node, i) => {
    if (parent[i] === -1) roots.push(node);
    else nodes[parent[i]].children.push(node);
  });
  return { roots, orphans, cycleBreaks: cycleBreaks.sort((a, b) => a - b).map((i) => items[i]) };
}

/** The forest of buildTreeWithReport (orphans and cycle cuts become roots). */
export function buildTree<T extends object>(items: readonly T[], keys: TreeKeys<T>): TreeNode<T>[] {
  return buildTreeWithReport(items, keys).roots;
}
