import { create } from 'zustand';

/** A visited view (spec §3): one tab, keyed by path. */
export interface TabView {
  path: string;
  /** path + search + hash of the last visit */
  fullPath: string;
  search: string;
  hash: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

interface TabsState {
  visited: TabView[];
  /** paths whose page is kept alive while hidden (visited views without noCache) */
  cached: string[];
  /** bumped by refresh: part of the cached page's key, so the page re-mounts */
  refreshKeys: Record<string, number>;
  /** adds the view if its path is not present; updates fullPath / title of a present one */
  addView: (view: TabView) => void;
  /** puts the pinned tabs (e.g. /dashboard) in front, whatever page was opened first */
  ensureAffix: (views: TabView[]) => void;
  closeView: (path: string) => TabView[];
  closeOthers: (path: string) => TabView[];
  closeAll: () => TabView[];
  refreshView: (path: string) => void;
  reset: () => void;
}

const cachedOf = (views: TabView[]) => views.filter((v) => !v.noCache).map((v) => v.path);

export const useTabs = create<TabsState>()((set, get) => ({
  visited: [],
  cached: [],
  refreshKeys: {},
  addView: (view) => {
    const { visited } = get();
    const at = visited.findIndex((v) => v.path === view.path);
    let next: TabView[];
    if (at < 0) {
      next = [...visited, view];
      if (view.affix) next = [...next.filter((v) => v.affix), ...next.filter((v) => !v.affix)];
    } else {
      const old = visited[at];
      if (old.fullPath === view.fullPath && old.title === view.title) return;
      next = visited.map((v, i) =>
        i === at ? { ...old, fullPath: view.fullPath, search: view.search, hash: view.hash, title: view.title } : v,
      );
    }
    set({ visited: next, cached: cachedOf(next) });
  },
  ensureAffix: (views) => {
    const { visited } = get();
    const missing = views.filter((v) => v.affix && !visited.some((x) => x.path === v.path));
    if (missing.length === 0) return;
    const next = [...visited.filter((v) => v.affix), ...missing, ...visited.filter((v) => !v.affix)];
    set({ visited: next, cached: cachedOf(next) });
  },
  closeView: (path) => {
    const next = get().visited.filter((v) => v.path !== path || v.affix);
    set({ visited: next, cached: cachedOf(next) });
    return next;
  },
  closeOthers: (path) => {
    const next = get().visited.filter((v) => v.affix || v.path === path);
    set({ visited: next, cached: cachedOf(next) });
    return next;
  },
  closeAll: () => {
    const next = get().visited.filter((v) => v.affix);
    set({ visited: next, cached: cachedOf(next) });
    return next;
  },
  refreshView: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  reset: () => set({ visited: [], cached: [], refreshKeys: {} }),
}));
