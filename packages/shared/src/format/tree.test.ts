import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTree, buildTreeWithReport, type TreeNode } from './tree';

interface Item {
  id: string | number | null;
  pid: string | number | null | undefined;
  name?: string;
}

const keys = { id: 'id', parentId: 'pid' } as const;

/** Every node of the forest, depth first, iteratively. */
function flatten<T>(roots: TreeNode<T>[]): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as TreeNode<T>;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i -= 1) stack.push(n.children[i]);
  }
  return out;
}

const shape = (nodes: TreeNode<Item>[]): unknown => nodes.map((n) => [n.id, shape(n.children)]);

describe('buildTree', () => {
  it('builds a simple tree in input order', () => {
    const items: Item[] = [
      { id: 1, pid: null },
      { id: 2, pid: 1 },
      { id: 3, pid: 1 },
      { id: 4, pid: 2 },
      { id: 5, pid: '' },
      { id: 6, pid: undefined },
    ];
    expect(shape(buildTree(items, keys))).toEqual([
      [
        1,
        [
          [2, [[4, []]]],
          [3, []],
        ],
      ],
      [5, []],
      [6, []],
    ]);
  });

  it('handles parents listed after their children and mixed string/number ids', () => {
    const items: Item[] = [
      { id: 'c', pid: 'b' },
      { id: 2, pid: 'a' },
      { id: 'b', pid: 'a' },
      { id: 'a', pid: null },
      { id: 3, pid: '2' },
    ];
    expect(shape(buildTree(items, keys))).toEqual([
      [
        'a',
        [
          [2, [[3, []]]],
          ['b', [['c', []]]],
        ],
      ],
    ]);
  });

  it('makes orphans roots and reports them', () => {
    const items: Item[] = [
      { id: 1, pid: 99 },
      { id: 2, pid: 1 },
    ];
    const r = buildTreeWithReport(items, keys);
    expect(shape(r.roots)).toEqual([[1, [[2, []]]]]);
    expect(r.orphans).toEqual([items[0]]);
    expect(r.cycleBreaks).toEqual([]);
  });

  it('cuts a cycle at its first member in input order', () => {
    const items: Item[] = [
      { id: 'x', pid: null },
      { id: 'b', pid: 'a' },
      { id: 'a', pid: 'c' },
      { id: 'c', pid: 'b' },
      { id: 'd', pid: 'c' },
    ];
    const r = buildTreeWithReport(items, keys);
    expect(shape(r.roots)).toEqual([
      ['x', []],
      [
        'b',
        [
          [
            'c',
            [
              ['a', []],
              ['d', []],
            ],
          ],
        ],
      ],
    ]);
    expect(r.cycleBreaks).toEqual([items[1]]);
  });

  it('treats a self-parent as a cycle', () => {
    const items: Item[] = [{ id: 1, pid: 1 }];
    const r = buildTreeWithReport(items, keys);
    expect(shape(r.roots)).toEqual([[1, []]]);
    expect(r.cycleBreaks).toEqual(items);
  });

  it('keeps duplicate ids; children attach to the first', () => {
    const items: Item[] = [
      { id: 1, pid: null, name: 'first' },
      { id: 1, pid: null, name: 'second' },
      { id: 2, pid: 1 },
    ];
    const roots = buildTree(items, keys);
    expect(roots.map((n) => [n.name, n.children.length])).toEqual([
      ['first', 1],
      ['second', 0],
    ]);
  });

  it('copies the items and replaces an existing children field', () => {
    const items = [
      { id: 1, pid: null, children: 'junk' },
      { id: 2, pid: 1, children: 'junk' },
    ];
    const roots = buildTree(items, keys);
    expect(roots[0]).not.toBe(items[0]);
    expect(roots[0].children[0].children).toEqual([]);
    expect(items[0].children).toBe('junk');
  });

  it('handles empty input and a deep chain without recursion limits', () => {
    expect(buildTree([], keys)).toEqual([]);
    const chain: Item[] = Array.from({ length: 50_000 }, (_, i) => ({ id: i, pid: i === 0 ? null : i - 1 }));
    const roots = buildTree(chain, keys);
    expect(roots).toHaveLength(1);
    expect(flatten(roots)).toHaveLength(50_000);
  });

  const anyItems = fc.array(
    fc.record({
      id: fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constant(null)),
      pid: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 15 }).map(String), fc.constant(null)),
    }),
    { maxLength: 40 },
  );

  it('keeps every item exactly once, on any input, cycles included', () => {
    fc.assert(
      fc.property(anyItems, (raw) => {
        const items = raw.map((it, k) => ({ ...it, k }));
        const ks = flatten(buildTree(items, keys)).map((n) => n.k);
        return ks.length === items.length && ks.sort((x, y) => x - y).every((k, i) => k === i);
      }),
    );
  });

  it('links each child to a real parent: the first item (in input order) with its parent id', () => {
    fc.assert(
      fc.property(anyItems, (raw) => {
        const items = raw.map((it, k) => ({ ...it, k }));
        const first = (id: unknown) => items.findIndex((n) => n.id !== null && String(n.id) === String(id));
        return flatten(buildTree(items, keys)).every((parent) => parent.children.every((c) => c.pid !== null && first(c.pid) === parent.k));
      }),
    );
  });

  it('reports exactly the items whose parent id is unknown as orphans', () => {
    fc.assert(
      fc.property(anyItems, (items) => {
        const ids = new Set(items.filter((i) => i.id !== null).map((i) => String(i.id)));
        const expected = items.filter((i) => i.pid !== null && i.pid !== undefined && !ids.has(String(i.pid)));
        return JSON.stringify(buildTreeWithReport(items, keys).orphans) === JSON.stringify(expected);
      }),
    );
  });
});
