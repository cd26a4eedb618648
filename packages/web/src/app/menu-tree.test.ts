import { describe, expect, it } from 'vitest';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { ancestorsOf, buildMenuTree } from './menu-tree';

const fn = (funCode: string, parentCode: string | null, sortNo: number, over: Partial<FunctionItem> = {}): FunctionItem => ({
  funCode,
  funName: funCode,
  parentCode,
  router: over.menuType === '0' ? null : `/${funCode}`,
  routerSelected: null,
  sortNo,
  isHidden: 'N',
  isLink: 'N',
  linkUrl: null,
  icon: null,
  menuType: '1',
  platformCode: '1',
  noCache: 'N',
  ...over,
});

describe('menu tree', () => {
  const items = [
    fn('office', null, 20, { menuType: '0' }),
    fn('home', null, 10, { menuType: '0' }),
    fn('stamp', 'office', 2),
    fn('lend', 'office', 1),
    fn('stampEdit', 'office', 3, { isHidden: 'Y' }),
    fn('approve', 'stamp', 1, { menuType: '2' }),
    fn('dashboard', 'home', 1),
    fn('empty', null, 30, { menuType: '0' }),
    fn('orphan', 'missing', 40),
  ];

  it('nests by parentCode, sorts by sortNo, leaves out hidden entries, buttons and empty folders', () => {
    const tree = buildMenuTree(items);
    expect(tree.map((n) => n.item.funCode)).toEqual(['home', 'office', 'orphan']);
    expect(tree[1].children.map((n) => n.item.funCode)).toEqual(['lend', 'stamp']);
    expect(tree[1].children[1].children).toEqual([]);
  });

  it('lists the folders above an entry', () => {
    expect(ancestorsOf(items, 'stamp')).toEqual(['office']);
    expect(ancestorsOf(items, 'approve')).toEqual(['office', 'stamp']);
    expect(ancestorsOf(items, 'home')).toEqual([]);
  });
});
