import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeRegistry } from './route-registry';
import type { PageModule } from '../lib/page-module';
import { normalizePath } from '../state/route-table';

interface LoadedPage {
  Component: LazyExoticComponent<ComponentType>;
  preload: () => PageModule;
}

const unknownRoute = () => import('../features/errors/unknown-route-page');
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

/** The page of a route path: the registered one, else the page saying the path has none. */
export function pageFor(path: string): LoadedPage {
  return pageOf(byKey.get(normalizePath(path).toLowerCase()) ?? unknownRoute);
}
