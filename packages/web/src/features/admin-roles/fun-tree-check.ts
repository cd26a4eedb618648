import type { FunctionItem } from '@oa/shared/contract/auth';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';

interface FunTreeNode {
  key: string;
  title: string;
  children: FunTreeNode[];
}

const MENU_TYPE = { '0': '目录', '1': '页面', '2': '按钮' } as const;
const toNode = (f: TreeNode<FunctionItem>): FunTreeNode => ({
  key: f.funCode,
  title: `${f.funName}${f.menuType === '2' ? `（${MENU_TYPE[f.menuType]}）` : f.isHidden === 'Y' ? '（隐藏）' : ''}`,
  children: f.children.map(toNode),
});

export function funTree(functions: FunctionItem[]): FunTreeNode[] {
  return buildTree(functions, { id: 'funCode', parentId: 'parentCode' }).map(toNode);
}

/**
 * Independent check boxes (checkStrictly) with the cascade an administrator expects: checking a
 * function checks everything below it and every folder above it; unchecking clears everything below.
 */
export function toggleCheck(functions: FunctionItem[], checked: Set<string>, code: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const children = new Map<string, string[]>();
  const parent = new Map<string, string | null>();
  for (const f of functions) {
    parent.set(f.funCode, f.parentCode);
    if (f.parentCode) children.set(f.parentCode, [...(children.get(f.parentCode) ?? []), f.funCode]);
  }
  const stack = [code];
  const seen = new Set<string>();
  while (stack.length) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    if (on) next.add(c);
    else next.delete(c);
    stack.push(...(children.get(c) ?? []));
  }
  if (on) {
    for (let p = parent.get(code) ?? null; p && !next.has(p); p = parent.get(p) ?? null) next.add(p);
  }
  return next;
}
