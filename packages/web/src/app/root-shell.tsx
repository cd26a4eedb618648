import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { getClientConfig } from '../lib/client-config';
import { doneProgress, resetProgress, startProgress } from '../lib/progress-bar';
import { useMouseOnlyTabsMore } from '../lib/tabs-more';
import { usePathChange } from '../lib/use-path-change';
import { findRoute } from '../state/route-table';
import { useMenus } from '../state/menu.store';

export interface RouteHandle {
  title?: string;
}

/** The route title of the current page: a static route's handle, else the menu route's title. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const { pathname } = useLocation();
  const routes = useMenus((s) => s.routes);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return findRoute(routes, pathname)?.title;
}

/**
 * Root of every route: progress bar during navigation (no spinner), '{route title} - {site title}'
 * titles, scroll to the top on every navigation; every tab bar's "more" (…) button is for the mouse (lib/tabs-more.ts).
 */
export function RootShell() {
  const navigation = useNavigation();
  const location = useLocation();
  const title = useRouteTitle();
  useMouseOnlyTabsMore();

  // the bar started at boot ends once the first page is in, in the frame after its first render: ending it reads the
  // layout (nprogress), which inside the render's task would force the layout of the whole new page there
  useEffect(() => {
    const frame = requestAnimationFrame(resetProgress);
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    if (navigation.state === 'idle') return;
    startProgress();
    return () => doneProgress();
  }, [navigation.state]);

  useEffect(() => {
    const site = getClientConfig().siteTitle || '协会办公平台';
    document.title = title ? `${title} - ${site}` : site;
  }, [title]);

  usePathChange(location.pathname, () => window.scrollTo(0, 0));

  return <Outlet />;
}

/** Shown while the first route loads (the progress bar is already running). */
export function BootFallback() {
  return null;
}
