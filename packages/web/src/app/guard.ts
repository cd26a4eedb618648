import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { onlySeparatedAdmin } from '@oa/shared/access/three-admins';
import { PLATFORM, UNIT_AREA } from '@oa/shared/constants';
import { ROUTER_BASENAME } from '../lib/api-prefix';
import { getToken } from '../lib/storage-keys';
import { prefetchHome } from './home/home-prefetch';
import { GuardProblem, USER_INFO_RETRY_DELAYS_MS, endsSession, isTransient, noteRedirect, sleep } from './guard-problems';
import { DEFAULT_CHILD, HOME_PATH, findRoute, normalizePath } from '../state/route-table';
import { useMenus } from '../state/menu.store';
import { againOut, fetchMenusEarly, loadMenus, loadUserInfo } from '../state/session-actions';
import { checkMenuVersion } from '../state/menu-version';
import { useSession } from '../state/session.store';

/** The id of the route whose loader is this guard (router.tsx). */
export const GUARD_ROUTE_ID = 'guard';

/** Paths outside the main layout's page area: they are routes of their own, not menu pages. */
const SHELL_PATHS = ['/404', '/401', '/test', '/toIrpt', '/toAbi', '/meetingManage/meeting'];

function appPath(urlPathname: string): string {
  const p = urlPathname.startsWith(ROUTER_BASENAME) ? urlPathname.slice(ROUTER_BASENAME.length) : urlPathname;
  return normalizePath(p || '/');
}

const isShellPath = (path: string) =>
  path === '/' || path.toLowerCase().startsWith('/redirect/') || SHELL_PATHS.some((p) => p.toLowerCase() === path.toLowerCase());

/** The session is an OA user's: neither an outside applicant's (platform 19) nor a member unit contact's (20). */
function staffSession(): boolean {
  const { platform } = useSession.getState();
  return platform !== PLATFORM.FOUNDATION && platform !== PLATFORM.UNIT_CONTACT;
}

/** A redirect the guard issues, counted by the loop detector. */
function go(target: string): never {
  noteRedirect(target);
  throw redirect(target);
}
let menusLoading: Promise<void> | null = null;
/** the menus asked for beside a fresh session's user info (`fetchMenusEarly`), until the guard takes them */
let earlyMenus: ReturnType<typeof fetchMenusEarly> | null = null;
/** a fresh session's first loads while in flight (`sessionLoads`) */
let sessionLoading: Promise<void> | null = null;

/** User info with bounded retries of transient failures (network, time-out, 429, 5xx). */
async function loadUserInfoRetrying(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loadUserInfo();
    } catch (err) {
      if (!isTransient(err) || attempt >= USER_INFO_RETRY_DELAYS_MS.length) throw err;
      await sleep(USER_INFO_RETRY_DELAYS_MS[attempt]);
    }
  }
}

/**
 * A fresh session's first loads: the user info; then, for an OA session, the menus and (on the way to the home page)
 * its data together (with the menu version the guard asks), not one after the other. Only once the user info says
 * whose session it is: an applicant's or a member unit's contact's has no OA menus, a separated administrator no
 * business data (each refusal is audited). One run at a time: the early start and the guard share it.
 */
function sessionLoads(home: boolean): Promise<void> {
  sessionLoading ??= loadUserInfoRetrying()
    .then(() => {
      if (!staffSession()) return;
      if (useSession.getState().loadMenus) earlyMenus = fetchMenusEarly();
      if (home && !onlySeparatedAdmin(useSession.getState().roleList.map((r) => r.roleCode))) prefetchHome();
    })
    .finally(() => {
      // settled: the next session (a login after a logout, without a reload) runs its own
      sessionLoading = null;
    });
  return sessionLoading;
}

/**
 * Called by the entry once the configuration (which signs every request) and the router's chunk are in: a fresh
 * session on a page behind the login starts its first loads at once. The router runs the guard only once the matched
 * routes' chunks (the layout, the page table) are in; the guard then takes these loads in flight.
 */
export function startSessionEarly(routes: RouteObject[]): void {
  if (!getToken() || useSession.getState().roles) return;
  const matches = matchRoutes(routes, window.location, ROUTER_BASENAME) ?? [];
  if (!matches.some((m) => m.route.id === GUARD_ROUTE_ID)) return;
  const path = appPath(window.location.pathname);
  sessionLoads(path === '/' || path.toLowerCase() === HOME_PATH.toLowerCase()).catch(() => undefined); // the guard reports it
}

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
  // the app's own address opens 首页: redirected before anything is asked for, so this first navigation already
  // loads 首页's route modules beside the session, not after it (as the index route's redirect would)
  if (path === '/') go(HOME_PATH);
  // fetched beside the user info and menus below, not after them (it is not part of the login page's download)
  const pages = import('./page-loader');
  pages.catch(() => undefined);
  const session = useSession.getState();
  if (!session.roles) {
    const home = path.toLowerCase() === HOME_PATH.toLowerCase();
    // the home page's chunk itself, not through the page registry (which loads the modules' registry first)
    if (home) import('./home/home-page').catch(() => undefined);
    try {
      await sessionLoads(home);
    } catch (err) {
      // Only a 401 (already handled by the client) or a non-zero user-info code ends the session (spec §8);
      // a network failure keeps the token and the address and says '网络异常' with a retry.
      if (!endsSession(err)) {
        throw new GuardProblem('network', '网络异常', '暂时无法连接服务器，您的登录状态仍然有效。请检查网络后点击"重试"。');
      }
      againOut();
      window.location.replace(`${ROUTER_BASENAME}/login`);
      return new Promise<null>(() => {});
    }
  }
  const { platform } = useSession.getState();
  // Applicants (platform 19) live in their own area: its own pages, no OA menu (spec §2).
  const inFoundation = path.toLowerCase() === '/foundationforweb' || path.toLowerCase().startsWith('/foundationforweb/');
  if (platform === PLATFORM.FOUNDATION) {
    if (!inFoundation && !isShellPath(path)) go('/foundationForWeb');
    if (!inFoundation) return null;
    const child = DEFAULT_CHILD[path.toLowerCase()];
    if (child) go(child + url.search);
    // loaded here, not imported: the route registry, module registry and zod schemas stay off the login page
    const { fwebPage } = await import('../features/foundation-web/foundation-routes');
    const page = fwebPage(path);
    if (!page) go('/foundationForWeb/index');
    await page.load().catch(() => undefined); // under the progress bar; the layout reports a failure
    return null;
  }
  if (inFoundation) go('/404');
  // Member units' contacts (platform 20, issue 37) live in their own area: their unit's documents, nothing else.
  const inUnitArea = path.toLowerCase() === UNIT_AREA.toLowerCase() || path.toLowerCase().startsWith(`${UNIT_AREA.toLowerCase()}/`);
  if (platform === PLATFORM.UNIT_CONTACT) {
    if (!inUnitArea && !isShellPath(path)) go(UNIT_AREA);
    return null;
  }
  if (inUnitArea) go('/404');
  // Roles, grants or functions changed since the last look (throttled): reload the menu on this navigation.
  await checkMenuVersion();
  if (useSession.getState().loadMenus) {
    try {
      menusLoading ??= loadMenus(earlyMenus);
      earlyMenus = null;
      await menusLoading;
    } catch {
      /* an HTTP error was shown; keep the built-in routes */
    } finally {
      menusLoading = null;
    }
  }
  if (isShellPath(path)) return null;
  const child = DEFAULT_CHILD[path.toLowerCase()];
  if (child) go(child);
  const meta = findRoute(useMenus.getState().routes, path);
  if (!meta && platform === PLATFORM.FOUNDATION && inFoundation) {
    // the account's only platform has no page it may open: say so instead of bouncing between pages
    throw new GuardProblem(
      'no-page',
      '课题申报平台暂无可访问的页面',
      '您的账号仅开通了课题申报平台，但该平台尚未为您开放任何页面。请联系协会信息中心开通权限。',
    );
  }
  if (!meta) go('/404');
  try {
    const { pageFor } = await pages;
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
