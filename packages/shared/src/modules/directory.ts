import { GENERIC_PAGES, MODULE_DIRECTORY, PREVIEW_ROUTES } from './directory.generated';

/**
 * What a list of messages or tasks needs to know of a declared module without loading the registry (which builds every
 * module's schemas): its name, kind and where its records open. `directory.generated.ts` holds it, written from the
 * registry by `npm run modules:index`; `directory.test.ts` fails while the two disagree.
 */
export interface ModuleEntry {
  name: string;
  kind: 'approval' | 'register';
  /** where a record opens: the module's preview route, or its list route (which opens the record in a drawer) */
  record: string;
}

/** The generic page a module's route renders: its list, form, preview, manage page, a list with a drawer, a register. */
export type GenericPage = 'list' | 'edit' | 'preview' | 'manage' | 'single' | 'register';

/** Each route of a declared module that renders a generic page, and which (app/route-registry.ts of the web app). */
export function genericPages(): Readonly<Record<string, GenericPage>> {
  return GENERIC_PAGES;
}

export function moduleEntry(code: string): ModuleEntry | undefined {
  return Object.hasOwn(MODULE_DIRECTORY, code) ? MODULE_DIRECTORY[code] : undefined;
}

/** A declared module's name, or the code itself for an unknown one. */
export function moduleNameOf(code: string): string {
  return moduleEntry(code)?.name ?? code;
}

/** Where a record opens (the registry's `recordRoute`): null for an unknown module. */
export function recordRouteOf(moduleCode: string, recordId: string): string | null {
  const m = moduleEntry(moduleCode);
  return m ? `${m.record}?id=${encodeURIComponent(recordId)}` : null;
}

/** The module whose record preview page `path` is (case-insensitive; the registry's `moduleByRoute` with page 'preview'). */
export function moduleOfPreviewRoute(path: string): string | undefined {
  const p = path.toLowerCase();
  return Object.hasOwn(PREVIEW_ROUTES, p) ? PREVIEW_ROUTES[p] : undefined;
}
