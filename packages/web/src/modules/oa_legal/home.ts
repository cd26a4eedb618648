import type { ModulePages } from '../../lib/page-module';

/** The module's own pages (app/module-pages.ts registers them after the generic ones). */
export const PAGES: ModulePages = {
  '/seniorPreview': () => import('./senior-preview-page'),
};
