import { redirect, type LoaderFunctionArgs } from 'react-router';
import { PLATFORM } from '@oa/shared/constants';
import { ROUTER_BASENAME } from '../lib/api-prefix';
import { getToken } from '../lib/storage-keys';
import { pageFor } from './page-loader';
import { DEFAULT_CHILD, findRoute, normalizePath } from './route-table';
import { useMenus } from './state/menu.store';
import { againOut, loadMenus, loadUserInfo } from './state/session-actions';
import { checkMenuVersion } from './state/menu-version';
import { useSession } from './state/session.store';

/** Routes that need no login (spec §2). */
export const WHITE_LIST = ['/login', '/workflow/kk', '/PreviewForApp'];

/** Paths outside the main layout's page area: they are routes of their own, not menu pages. */
const SHELL_PATHS = ['/404', '/401', '/test', '/toIrpt', '/toAbi'];

export function appPath(urlPathname: string): string {
  const p = urlPathname.startsWith(ROUTER_BASENAME) ? urlPathname.slice(ROUTER_BASENAME.length) : urlPathname;
  return normalizePath(p || '/');
}

const isShellPath = (path: string) =>
  path === '/' || path.toLowerCase().startsWith('/redirect/') || SHELL_PATHS.some((p) => p.toLowerCase() === path.toLowerCase());

let userInfoLoading: Promise<void> | null = null;
let menusLoading: Promise<void> | null = null;

/**
 * The navigation guard of spec §4, as the loader of every route behind the login:
 * 1. no token → /login; 2. token without roles → user info (failure → logout + reload);
 * 3. loadMenus flag → refresh menus, rebuild routes; 4. proceed (unknown page → /404).
 * Runs on every navigation (shouldRevalidate), and preloads the page so the progress bar covers it.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = appPath(url.pathname);
  if (!getToken()) {
    const back = path === '/' ? '' : `?redirect=${encodeURIComponent(path + url.search)}`;
    throw redirect(`/login${back}`);
  }
  const session = useSession.getState();
  if (!session.roles) {
    try {
      userInfoLoading ??= loadUserInfo();
      await userInfoLoading;
    } catch {
      againOut();
      window.location.replace(`${ROUTER_BASENAME}/login`);
      return new Promise<null>(() => {});
    } finally {
      userInfoLoading = null;
    }
  }
  const { platform } = useSession.getState();
  if (platform === PLATFORM.FOUNDATION && !path.toLowerCase().startsWith('/foundationforweb')) {
    throw redirect('/foundationForWeb');
  }
  // Roles, grants or functions changed since the last look (throttled): reload the menu on this navigation.
  await checkMenuVersion();
  if (useSession.getState().loadMenus) {
    try {
      menusLoading ??= loadMenus();
      await menusLoading;
    } catch {
      /* an HTTP error was shown; keep the built-in routes */
    } finally {
      menusLoading = null;
    }
  }
  if (isShellPath(path)) return null;
  const child = DEFAULT_CHILD[path.toLowerCase()];
  if (child) throw redirect(child);
  const meta = findRoute(useMenus.getState().routes, path);
  if (!meta) throw redirect('/404');
  try {
    await pageFor(meta.path).preload();
  } catch {
    /* the page's error boundary reports it */
  }
  return null;
}

/** A logged-in user who opens /login goes to / (spec §2). */
export function loginLoader(): null {
  if (getToken()) throw redirect('/');
  return null;
}
