import type { ComponentType } from 'react';

/** A page module: its default export is the page component (it takes no props; see useTabRoute()). */
export type PageModule = Promise<{ default: ComponentType }>;
