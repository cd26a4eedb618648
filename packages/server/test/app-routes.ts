import type { RouteOptions } from 'fastify';
import type { Dialect } from '../src/db/database';
import type { Access } from '../src/plugins/access';
import { createTestApp, type TestApp } from './harness';

/** One API route as the app registered it, with its declared access. */
export interface AppRoute {
  method: string;
  url: string;
  access: Access | undefined;
  queryToken: boolean;
}

/**
 * A test app and every API route it registered (each method once, HEAD left out), taken from the app itself: a walk
 * over them covers a route anyone adds later.
 */
export async function createAppWithRoutes(dialect: Dialect): Promise<{ t: TestApp; routes: AppRoute[] }> {
  const all: AppRoute[] = [];
  const onRoute = (r: RouteOptions) => {
    const cfg = r.config as { access?: Access; queryToken?: boolean } | undefined;
    for (const method of [r.method].flat())
      all.push({ method: String(method), url: r.url, access: cfg?.access, queryToken: Boolean(cfg?.queryToken) });
  };
  const t = await createTestApp(dialect, {}, { onRoute });
  const seen = new Set<string>();
  const routes = all.filter((r) => {
    const key = `${r.method} ${r.url}`;
    return r.url.startsWith('/oa/api/') && r.method !== 'HEAD' && !seen.has(key) && seen.add(key);
  });
  return { t, routes };
}

/** The minimal request path of a route: its parameters and wildcards filled with 'x'. */
export const urlOf = (url: string): string => url.replace(/:[A-Za-z0-9_]+/g, 'x').replace(/\*/g, 'x');
