import type { ComponentType } from 'react';

/** A page module: its default export is the page component (it takes no props; see useTabRoute()). */
export type PageModule = Promise<{ default: ComponentType }>;

/** Route → page loader: a module home's own pages (`web/src/modules/<code>/home.ts` exports `PAGES`). */
export type ModulePages = Record<string, () => PageModule>;
