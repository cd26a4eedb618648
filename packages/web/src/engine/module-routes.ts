import type { PageModule } from '../lib/page-module';
import { genericPages, type GenericPage } from '@oa/shared/modules/directory';

/**
 * The generic pages of every module the engine serves, for app/route-registry.ts: list, edit (and its variants),
 * preview, manage, and the registers' list (issue 6). A module that needs its own page registers it after these.
 * Which page a route renders comes from the module directory (derived from the registry by `npm run modules:index`):
 * the dashboard's first loads name every route without loading the registry, which builds every module's schemas.
 */
const LOADERS: Record<GenericPage, () => PageModule> = {
  list: () => import('./pages/module-list-page'),
  edit: () => import('./pages/module-edit-page'),
  preview: () => import('./pages/module-preview-page'),
  manage: () => import('./pages/module-manage-page'),
  // modules without an edit or preview route open them in a drawer over the list
  single: () => import('./pages/single-route-list-page'),
  register: () => import('./register/register-page'),
};

export const MODULE_PAGE_ROUTES: Record<string, () => PageModule> = Object.fromEntries(
  Object.entries(genericPages()).map(([route, page]) => [route, LOADERS[page]]),
);
