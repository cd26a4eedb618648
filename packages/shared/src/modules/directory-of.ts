import type { GenericPage, ModuleEntry } from './directory';
import { REGISTERS } from './registers';
import type { AnyModule } from './define-module';
import { ENGINE_MODULES, MODULES, moduleByRoute } from './registry';

/** The module directory derived from the registry: what `npm run modules:index` writes and `directory.test.ts` checks. */
export function directoryOfRegistry(): {
  modules: Record<string, ModuleEntry>;
  previews: Record<string, string>;
  pages: Record<string, GenericPage>;
} {
  const modules: Record<string, ModuleEntry> = {};
  for (const m of MODULES) modules[m.code] = { name: m.name, kind: m.kind, record: m.routes.preview ?? m.routes.list };
  const previews: Record<string, string> = {};
  for (const m of ENGINE_MODULES) {
    const route = m.routes.preview?.toLowerCase();
    const found = route ? moduleByRoute(route) : undefined;
    if (route && found?.page === 'preview') previews[route] = found.module.code;
  }
  return { modules, previews, pages: genericPages() };
}

/**
 * The generic page of each route of the modules the engine serves (list, edit and its variants, preview, manage;
 * a module without an edit or a preview route opens its records in a drawer over the list: 'single'), then the
 * registers' lists (a register's route wins over a module's).
 */
function genericPages(): Record<string, GenericPage> {
  const pages: Record<string, GenericPage> = {};
  const pageOf = (m: AnyModule, page: keyof AnyModule['routes']): GenericPage =>
    (page === 'list' && (!m.routes.edit || !m.routes.preview)) || (page === 'manage' && !m.routes.preview) ? 'single' : page;
  for (const m of ENGINE_MODULES) {
    for (const [page, route] of Object.entries(m.routes) as Array<[keyof AnyModule['routes'], string | undefined]>)
      if (route) pages[route] = pageOf(m, page);
    for (const v of Object.values(m.variants ?? {})) pages[v.route] = 'edit';
  }
  for (const r of REGISTERS) pages[r.routes.list] = 'register';
  return pages;
}
