import { createElement, useMemo, useState, useEffect } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { ancestorsOf, buildMenuTree, type MenuNode } from '../menu-tree';
import { findRoute, normalizePath } from '../../state/route-table';
import { useMenus } from '../../state/menu.store';
import { menuIcon } from '../../lib/menu-icons';
import { openInNewWindow, opensInNewWindow } from '../new-window-routes';

type MenuItem = Required<MenuProps>['items'][number];

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

  // Accordion: one group open at a time — the current page's folders, or the one just opened. A page inside folders
  // opens them when it is shown; a page outside any folder leaves the open group alone, so a page that finishes
  // loading after a person opened a folder never closes it under their hand (nor does the menu fetched again).
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const pageFolders = selectedFn ? ancestorsOf(menu, selectedFn.funCode).join('|') : '';
  useEffect(() => {
    if (!pageFolders || collapsed) return;
    setOpenKeys(pageFolders.split('|').map((c) => `fn:${c}`));
  }, [pageFolders, pathname, collapsed]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    if (!opened) {
      setOpenKeys(keys);
      return;
    }
    const code = opened.slice('fn:'.length);
    setOpenKeys([...ancestorsOf(menu, code).map((c) => `fn:${c}`), opened]);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const f = byKey.get(key);
    if (!f) return;
    const target = f.isLink === 'Y' ? f.linkUrl : f.router;
    if (target && opensInNewWindow(target)) {
      openInNewWindow(target);
      return;
    }
    if (f.isLink === 'Y' && f.linkUrl) {
      window.open(f.linkUrl, '_blank', 'noopener');
      return;
    }
    if (!f.router) return;
    navigate(f.router);
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[selectedKey]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={onOpenChange}
      onClick={onClick}
      inlineIndent={18}
    />
  );
}
