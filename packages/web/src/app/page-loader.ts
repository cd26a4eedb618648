import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeRegistry, type PageModule } from './route-registry';
import { normalizePath } from './route-table';

interface LoadedPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => PageModule;
}

const notOpen = () => import('../features/errors/not-open-page');
const byKey = new Map<string, () => PageModule>();
for (const [path, load] of Object.entries(routeRegistry)) byKey.set(normalizePath(path).toLowerCase(), load);

const pages = new Map<() => PageModule, LoadedPage>();

function pageOf(load: () => PageModule): LoadedPage {
  let page = pages.get(load);
  if (!page) {
    let pending: PageModule | null = null;
    const preload = () => {
      pending ??= load().catch((err: unknown) => {
        pending = null;
        throw err;
      });
      return pending;
    };
    page = { Component: lazy(preload), preload };
    pages.set(load, page);
  }
  return page;
}

/** The page of a route path: the registered one, else the '该功能暂未开放' page. */
export function pageFor(path: string): LoadedPage {
  return pageOf(byKey.get(normalizePath(path).toLowerCase()) ?? notOpen);
}

/** True when a page is registered for the path (other routes render the not-open page). */
export function hasPage(path: string): boolean {
  return byKey.has(normalizePath(path).toLowerCase());
}
