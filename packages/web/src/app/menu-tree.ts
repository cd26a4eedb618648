import type { FunctionItem } from '@oa/shared/contract/auth';

export interface MenuNode {
  item: FunctionItem;
  children: MenuNode[];
}

const isRoot = (parent: string | null, codes: Set<string>) => !parent || parent === '0' || !codes.has(parent);

/**
 * The visible menu tree from a flat function list (spec §2): folders ('0') and pages ('1'),
 * hidden entries left out, siblings by sortNo, folders without visible children dropped.
 */
export function buildMenuTree(items: FunctionItem[]): MenuNode[] {
  const visible = items.filter((f) => f.isHidden !== 'Y' && (f.menuType === '0' || f.menuType === '1'));
  const codes = new Set(visible.map((f) => f.funCode));
  const byParent = new Map<string, FunctionItem[]>();
  const roots: FunctionItem[] = [];
  for (const f of visible) {
    if (isRoot(f.parentCode, codes)) roots.push(f);
    else {
      const list = byParent.get(f.parentCode as string) ?? [];
      list.push(f);
      byParent.set(f.parentCode as string, list);
    }
  }
  const seen = new Set<string>();
  const build = (list: FunctionItem[]): MenuNode[] =>
    [...list]
      .sort((a, b) => a.sortNo - b.sortNo || a.funCode.localeCompare(b.funCode))
      .flatMap((item) => {
        if (seen.has(item.funCode)) return [];
        seen.add(item.funCode);
        const children = build(byParent.get(item.funCode) ?? []);
        if (item.menuType === '0' && children.length === 0) return [];
        return [{ item, children }];
      });
  return build(roots);
}

/** Codes of the folders above a menu entry, outermost first (for the open submenus). */
export function ancestorsOf(items: FunctionItem[], funCode: string): string[] {
  const byCode = new Map(items.map((f) => [f.funCode, f]));
  const out: string[] = [];
  let cur = byCode.get(funCode);
  while (cur?.parentCode && byCode.has(cur.parentCode) && !out.includes(cur.parentCode)) {
    out.unshift(cur.parentCode);
    cur = byCode.get(cur.parentCode);
  }
  return out;
}
