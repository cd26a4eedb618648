import type { PageModule } from '../lib/page-module';
import { ENGINE_MODULES } from '@oa/shared/modules/registry';

/**
 * The generic pages of every module the engine serves (ENGINE_MODULES), for app/route-registry.ts: list, edit (and its
 * variants), preview, manage. A module that needs its own page registers it after these.
 */
const list = () => import('./pages/module-list-page');
const edit = () => import('./pages/module-edit-page');
const preview = () => import('./pages/module-preview-page');
const manage = () => import('./pages/module-manage-page');
/** modules without an edit or preview route open them in a drawer over the list */
const single = () => import('./pages/single-route-list-page');

const PAGES = { list, edit, preview, manage } as const;
const pageOf = (m: (typeof ENGINE_MODULES)[number], page: keyof typeof PAGES) =>
  (page === 'list' && (!m.routes.edit || !m.routes.preview)) || (page === 'manage' && !m.routes.preview) ? single : PAGES[page];

export const MODULE_PAGE_ROUTES: Record<string, () => PageModule> = Object.fromEntries(
  ENGINE_MODULES.flatMap((m) => [
    ...(Object.entries(m.routes) as Array<[keyof typeof PAGES, string | undefined]>)
      .filter((e): e is [keyof typeof PAGES, string] => !!e[1])
      .map(([page, route]) => [route, pageOf(m, page)] as const),
    ...Object.values(m.variants ?? {}).map((v) => [v.route, edit] as const),
  ]),
);
