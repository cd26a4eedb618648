import { createContext, useContext } from 'react';

/** The route a page is rendered for (its tab): pages read their title and path from here. */
interface TabRoute {
  path: string;
  fullPath: string;
  title: string;
  /** true while the page's tab is the one shown */
  active: boolean;
}

export const TabRouteContext = createContext<TabRoute>({ path: '/', fullPath: '/', title: '', active: true });

export function useTabRoute(): TabRoute {
  return useContext(TabRouteContext);
}
