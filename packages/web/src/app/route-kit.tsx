import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { BootFallback, RootShell } from './root-shell';
import { RouteError } from './route-error';

type PageImport = Promise<{ default: ComponentType }>;

/** A route's `lazy`: the page module's default export, loaded when the route is first opened. */
export const page = (load: () => PageImport) => async () => ({ Component: (await load()).default });

/** The root of a router (the desktop's and the phone app's): titles, progress bar, the error page; children added. */
export const ROOT_ROUTE = {
  id: 'root',
  element: <RootShell />,
  HydrateFallback: BootFallback,
  errorElement: <RouteError />,
} satisfies RouteObject;
