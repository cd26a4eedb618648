import {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Menu, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { findRoute } from '../../state/route-table';
import { useMenus } from '../../state/menu.store';
import { useTabs, type TabView } from '../../state/tabs.store';

interface ContextMenuState {
  path: string;
  x: number;
  y: number;
  byKeyboard?: boolean;
}

const tabPathOf = (target: EventTarget | null): string | null =>
  target instanceof Element ? (target.closest('[data-node-key]')?.getAttribute('data-node-key') ?? null) : null;

type Props = { children?: ReactNode; className?: string; 'aria-label'?: string };

/**
 * A tab's × is for the mouse only: a tab list may hold tabs and nothing else (WAI-ARIA), and the keyboard closes the
 * focused tab with Delete (antd's tabs) or through its menu (the context-menu key). So the × leaves the tab order and
 * the accessibility tree; the tab itself stays fully named and operable.
 */
const mouseOnlyClose = (node: ReactElement): ReactElement => {
  const { children } = node.props as Props;
  const kids = (Array.isArray(children) ? children : [children]).map((c) =>
    isValidElement<Props>(c) && c.type === 'button' && c.props.className?.includes('-tab-remove')
      ? cloneElement(c as ReactElement<Record<string, unknown>>, { 'aria-hidden': true, tabIndex: -1 })
      : c,
  );
  return cloneElement(node, {}, ...kids);
};

/**
 * The open-page tabs (spec §2/§4): affix tabs cannot close; right-click offers 刷新 / 关闭 / 关闭其他 /
 * 关闭所有; middle-click closes; closing the active tab goes to the last tab, else /.
 */
export function TabsBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routes = useMenus((s) => s.routes);
  const { visited, closeView, closeOthers, closeAll, refreshView } = useTabs();
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const activePath = findRoute(routes, pathname)?.path ?? pathname;

  useEffect(() => {
    if (!menu) return;
    // Closed by what the user does (a click, the wheel, leaving the window), never by a scroll event:
    // a page that lays out its table after opening scrolls programmatically and would close the menu
    // the moment it appeared.
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    window.addEventListener('blur', close);
    window.addEventListener('wheel', close, { capture: true, passive: true });
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('blur', close);
      window.removeEventListener('wheel', close, { capture: true });
    };
  }, [menu]);

  const toLast = (views: TabView[]): void => void navigate(views.length > 0 ? views[views.length - 1].fullPath : '/');

  const close = (path: string) => {
    const view = visited.find((v) => v.path === path);
    if (!view || view.affix) return;
    const rest = closeView(path);
    if (path === activePath) toLast(rest);
  };

  const refresh = (path: string) => {
    const view = visited.find((v) => v.path === path);
    if (!view) return;
    refreshView(path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };

  const onMenu = (key: string, path: string) => {
    setMenu(null);
    if (key === 'refresh') refresh(path);
    else if (key === 'close') close(path);
    else if (key === 'others') {
      closeOthers(path);
      if (path !== activePath) navigate(visited.find((v) => v.path === path)?.fullPath ?? path);
    } else if (key === 'all') {
      const rest = closeAll();
      if (!rest.some((v) => v.path === activePath)) toLast(rest);
    }
  };

  const onContextMenu = (e: MouseEvent) => {
    const path = tabPathOf(e.target);
    if (!path) return;
    e.preventDefault();
    // the context-menu key (or Shift+F10) on a focused tab: the menu opens under the tab and takes the focus
    const byKeyboard = e.clientX === 0 && e.clientY === 0 && e.target instanceof Element;
    const box = byKeyboard ? (e.target as Element).getBoundingClientRect() : null;
    setMenu({ path, x: box ? box.left : e.clientX, y: box ? box.bottom : e.clientY, byKeyboard });
  };

  useEffect(() => {
    if (menu?.byKeyboard) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menu]);

  const onMenuKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !menu) return;
    const path = menu.path;
    setMenu(null);
    document.querySelector<HTMLElement>(`.oa-tabs [data-node-key="${CSS.escape(path)}"] [role="tab"]`)?.focus();
  };

  const onMouseUp = (e: MouseEvent) => {
    if (e.button !== 1) return;
    const path = tabPathOf(e.target);
    if (path) {
      e.preventDefault();
      close(path);
    }
  };

  const menuView = menu ? visited.find((v) => v.path === menu.path) : undefined;

  return (
    <div className="oa-tabs" onContextMenu={onContextMenu} onMouseUp={onMouseUp} onMouseDown={(e) => e.button === 1 && e.preventDefault()}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => navigate(visited.find((v) => v.path === key)?.fullPath ?? key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={visited.map((v) => ({ key: v.path, label: v.title, closable: !v.affix }))}
        renderTabBar={(props, DefaultTabBar) => <DefaultTabBar {...props}>{mouseOnlyClose}</DefaultTabBar>}
      />
      {menu && menuView && (
        <div
          className="oa-tab-menu"
          style={{ left: menu.x, top: menu.y }}
          ref={menuRef}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={onMenuKey}
          data-testid="tab-context-menu"
        >
          <Menu
            selectable={false}
            style={{ border: 'none' }}
            onClick={({ key }) => onMenu(key, menu.path)}
            items={[
              { key: 'refresh', label: '刷新' },
              ...(menuView.affix ? [] : [{ key: 'close', label: '关闭' }]),
              { key: 'others', label: '关闭其他' },
              { key: 'all', label: '关闭所有' },
            ]}
          />
        </div>
      )}
    </div>
  );
}
