import { describe, expect, it } from 'vitest';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { buildRouteTable, findRoute, normalizePath } from './route-table';

const fn = (over: Partial<FunctionItem>): FunctionItem => ({
  funCode: 'f',
  funName: '功能',
  parentCode: null,
  router: null,
  routerSelected: null,
  sortNo: 1,
  isHidden: 'N',
  isLink: 'N',
  linkUrl: null,
  icon: null,
  menuType: '1',
  platformCode: '1',
  noCache: 'N',
  ...over,
});

describe('route table', () => {
  it('normalizes paths', () => {
    expect(normalizePath('stamp/')).toBe('/stamp');
    expect(normalizePath('/tb/info?x=1#a')).toBe('/tb/info');
    expect(normalizePath('/')).toBe('/');
  });

  it('registers every page function, hidden ones included, but not folders, buttons or links', () => {
    const table = buildRouteTable([
      fn({ funCode: 'a', funName: '用印申请', router: '/stamp' }),
      fn({ funCode: 'b', funName: '用印申请单', router: '/stampEdit', isHidden: 'Y', routerSelected: '/stamp', noCache: 'Y' }),
      fn({ funCode: 'c', funName: '行政办公', menuType: '0' }),
      fn({ funCode: 'd', funName: '审批', menuType: '2', router: '/approveButton' }),
      fn({ funCode: 'e', funName: '外链', router: '/member/manage/Search', isLink: 'Y', linkUrl: 'http://x' }),
    ]);
    expect(findRoute(table, '/stamp')?.title).toBe('用印申请');
    expect(findRoute(table, '/STAMPEDIT/')).toMatchObject({ path: '/stampEdit', title: '用印申请单', noCache: true, activeMenu: '/stamp' });
    expect(findRoute(table, '/approveButton')).toBeUndefined();
    expect(findRoute(table, '/member/manage/Search')).toBeUndefined();
  });

  it('always has the affix home tab and the personal centre; a function keeps the built-in flags', () => {
    const empty = buildRouteTable([]);
    expect(findRoute(empty, '/dashboard')).toMatchObject({ affix: true, title: '首页' });
    expect(findRoute(empty, '/personal')?.noCache).toBe(true);
    const withFn = buildRouteTable([fn({ funName: '工作台', router: '/dashboard' })]);
    expect(findRoute(withFn, '/dashboard')).toMatchObject({ affix: true, title: '工作台' });
  });
});
