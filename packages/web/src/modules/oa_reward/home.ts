import type { ModulePages } from '../../lib/page-module';

/** The module's own pages (app/module-pages.ts registers them after the generic ones). */
export const PAGES: ModulePages = {
  '/reward/setting': () => import('./reward-setting-page'),
  '/reward/settingEdit': () => import('./reward-setting-edit-page'),
};
