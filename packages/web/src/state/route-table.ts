import type { FunctionItem } from '@oa/shared/contract/auth';

/** What the shell knows about a page route: built from the function list plus a few built-ins. */
export interface RouteMeta {
  path: string;
  title: string;
  noCache: boolean;
  /** pinned tab that cannot be closed */
  affix: boolean;
  /** menu entry to highlight instead of this route (routerSelected) */
  activeMenu: string | null;
  funCode: string | null;
}

export type RouteTable = Map<string, RouteMeta>;

const route = (path: string, title: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  title,
  noCache: false,
  affix: false,
  activeMenu: null,
  funCode: null,
  ...extra,
});

export const HOME_PATH = '/dashboard';

/** Pages every logged-in user has, whatever the function list says. */
const BUILTIN_ROUTES: RouteMeta[] = [route(HOME_PATH, '首页', { affix: true }), route('/personal', '个人中心', { noCache: true })];

/** Sub-routes that redirect to their default child (spec §2 "Routes with sub-pages"). */
export const DEFAULT_CHILD: Record<string, string> = {
  '/foundationforweb': '/foundationForWeb/index',
  '/foundationforweb/subjectdeclare': '/foundationForWeb/subjectDeclare/applicationForm',
  '/foundationforweb/contract': '/foundationForWeb/contract/application',
  '/foundationforweb/tb': '/foundationForWeb/tb/tab1',
};

/** '/a/b/' → '/a/b'; drops a query or hash; always a leading slash. */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0].trim();
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}

const keyOf = (path: string) => normalizePath(path).toLowerCase();

/** Page routes of the function list: every menuType '1' function with a router, hidden ones included. */
export function buildRouteTable(functions: FunctionItem[]): RouteTable {
  const table: RouteTable = new Map();
  for (const r of BUILTIN_ROUTES) table.set(keyOf(r.path), r);
  for (const f of functions) {
    if (f.menuType !== '1' || !f.router || f.isLink === 'Y') continue;
    if (/^[a-z]+:/i.test(f.router)) continue;
    const key = keyOf(f.router);
    const builtin = table.get(key);
    table.set(key, {
      path: builtin?.path ?? normalizePath(f.router),
      title: f.funName,
      noCache: f.noCache === 'Y' || Boolean(builtin?.noCache),
      affix: Boolean(builtin?.affix),
      activeMenu: f.routerSelected ? normalizePath(f.routerSelected) : null,
      funCode: f.funCode,
    });
  }
  return table;
}

/** The route of a path (case-insensitive, trailing slash ignored). */
export function findRoute(table: RouteTable, pathname: string): RouteMeta | undefined {
  return table.get(keyOf(pathname));
}
