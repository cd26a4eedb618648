import type { ModulePages } from '../lib/page-module';

/**
 * The pages of the module homes: every `web/src/modules/<code>/home.ts` (found by Vite, no list to keep)
 * exports `PAGES`, route → page loader. app/route-registry.ts puts them after the generic module pages.
 */
const homes = import.meta.glob<{ PAGES: ModulePages }>('../modules/*/home.ts', { eager: true });

/** The codes of the module folders whose home is loaded. */
export const MODULE_HOME_CODES: string[] = Object.keys(homes).map((path) => path.split('/')[2]);

export const MODULE_HOME_PAGES: ModulePages = Object.assign({}, ...Object.values(homes).map((h) => h.PAGES));
