import { createElement, useMemo, useState, useEffect } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { ancestorsOf, buildMenuTree, type MenuNode } from '../menu-tree';
import { findRoute, normalizePath } from '../route-table';
import { useMenus } from '../state/menu.store';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

/** Routers that open in a new window instead of a tab (spec §2). */
const NEW_WINDOW_ROUTERS = ['/member/manage/search', '/meetingmanage/meeting'];

const keyOf = (f: FunctionItem) => (f.menuType === '1' && f.router ? normalizePath(f.router) : `fn:${f.funCode}`);

function toItems(nodes: MenuNode[]): MenuItem[] {
  return nodes.map(({ item, children }) => {
    const icon = createElement(menuIcon(item.icon));
    if (children.length > 0) return { key: `fn:${item.funCode}`, icon, label: item.funName, children: toItems(children) };
    return { key: keyOf(item), icon, label: item.funName, title: item.funName };
  });
}

/** The dynamic menu: the user's function tree (folders, pages, external links, routerSelected highlight). */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menu = useMenus((s) => s.menu);
  const routes = useMenus((s) => s.routes);
  const items = useMemo(() => toItems(buildMenuTree(menu)), [menu]);

  const byKey = useMemo(() => {
    const map = new Map<string, FunctionItem>();
    for (const f of menu) map.set(keyOf(f), f);
    return map;
  }, [menu]);

  const meta = findRoute(routes, pathname);
  const selectedKey = meta?.activeMenu ?? meta?.path ?? normalizePath(pathname);
  const selectedFn = byKey.get(selectedKey);

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (!selectedFn || collapsed) return;
    const parents = ancestorsOf(menu, selectedFn.funCode).map((c) => `fn:${c}`);
    setOpenKeys((keys) => Array.from(new Set([...keys, ...parents])));
  }, [selectedFn, menu, collapsed]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const f = byKey.get(key);
    if (!f) return;
    if (f.isLink === 'Y' && f.linkUrl) {
      window.open(f.linkUrl, '_blank', 'noopener');
      return;
    }
    if (!f.router) return;
    if (NEW_WINDOW_ROUTERS.includes(normalizePath(f.router).toLowerCase())) {
      window.open(f.router, '_blank', 'noopener');
      return;
    }
    navigate(f.router);
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[selectedKey]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={onClick}
      inlineIndent={18}
    />
  );
}
