import { Activity, memo, Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { TabRouteContext } from '../../lib/tab-route';
import { pageFor } from '../page-loader';
import { findRoute, type RouteMeta } from '../../state/route-table';
import { useMenus } from '../../state/menu.store';
import { useTabs, type TabView } from '../../state/tabs.store';
import { PageBoundary } from './page-boundary';
import { usePathChange } from '../../lib/use-path-change';

const REDIRECT = '/redirect';

function viewOf(meta: RouteMeta, pathname: string, search: string, hash: string): TabView {
  return {
    path: meta.path,
    fullPath: pathname + search + hash,
    search,
    hash,
    title: meta.title,
    affix: meta.affix,
    noCache: meta.noCache,
  };
}

function TabPageBody({ view, active }: { view: TabView; active: boolean }) {
  const { Component } = pageFor(view.path);
  return (
    <TabRouteContext.Provider value={{ path: view.path, fullPath: view.fullPath, title: view.title, active }}>
      {/* the page's one h1 is its tab's title (what the tabs bar shows), read first by a screen reader */}
      <h1 className="oa-sr-only">{view.title}</h1>
      <PageBoundary>
        <Suspense
          fallback={
            <div className="oa-page-loading">
              <Spin />
            </div>
          }
        >
          {/* Each tab sees its own location, also while hidden */}
          <Routes location={{ pathname: view.path, search: view.search, hash: view.hash }}>
            <Route path="*" element={<Component />} />
          </Routes>
        </Suspense>
      </PageBoundary>
    </TabRouteContext.Provider>
  );
}

type TabPageProps = Parameters<typeof TabPageBody>[0];
const sameView = (a: TabPageProps, b: TabPageProps) =>
  a.active === b.active &&
  a.view.path === b.view.path &&
  a.view.fullPath === b.view.fullPath &&
  a.view.search === b.view.search &&
  a.view.hash === b.view.hash &&
  a.view.title === b.view.title;

/**
 * A tab's page renders again only when its own view changes: the tabs store's updates (the pinned tabs and the first
 * visit, put in by the effects below right after the first commit; another tab opened or closed) render the tab area
 * again, and without this every open page and 首页 with it rendered once more (~170 ms of one task after the
 * dashboard's first paint).
 */
const TabPage = memo(TabPageBody, sameView);

/**
 * The page area: one page per open tab, kept alive while hidden with <Activity> (keyed by path), so a
 * cached tab keeps its state; noCache pages re-mount on every visit. '/redirect/<path>' re-opens a page.
 */
export default function TabViews() {
  const location = useLocation();
  const navigate = useNavigate();
  const routes = useMenus((s) => s.routes);
  const { visited, refreshKeys, addView, ensureAffix } = useTabs();
  const isRedirect = location.pathname.toLowerCase().startsWith(`${REDIRECT}/`);
  const meta = isRedirect ? undefined : findRoute(routes, location.pathname);
  const current = meta ? viewOf(meta, location.pathname, location.search, location.hash) : null;

  useEffect(() => {
    if (isRedirect) {
      const target = location.pathname.slice(REDIRECT.length) + location.search + location.hash;
      navigate(target, { replace: true });
    }
  }, [isRedirect, location.pathname, location.search, location.hash, navigate]);

  useEffect(() => {
    const pinned = [...routes.values()].filter((r) => r.affix).map((r) => viewOf(r, r.path, '', ''));
    ensureAffix(pinned);
  }, [routes, ensureAffix]);

  useEffect(() => {
    if (current) addView(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.path, current?.fullPath, current?.title, addView]);

  // another page is shown from its top
  usePathChange(location.pathname, () => document.getElementById('oa-main')?.scrollTo(0, 0));

  const views = current && !visited.some((v) => v.path === current.path) ? [...visited, current] : visited;
  // Pinned tabs not visited yet pre-render hidden (no effects run until they are shown).
  return (
    <>
      {views.map((v) => {
        const active = v.path === current?.path;
        const shown = active ? { ...v, fullPath: current.fullPath, search: current.search, hash: current.hash } : v;
        if (v.noCache) return active ? <TabPage key={`${v.path}#${refreshKeys[v.path] ?? 0}`} view={shown} active /> : null;
        return (
          <Activity key={`${v.path}#${refreshKeys[v.path] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <TabPage view={shown} active={active} />
          </Activity>
        );
      })}
    </>
  );
}
