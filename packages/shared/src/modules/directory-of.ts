import type { ModuleEntry } from './directory';
import { ENGINE_MODULES, MODULES, moduleByRoute } from './registry';

/** The module directory derived from the registry: what `npm run modules:index` writes and `directory.test.ts` checks. */
export function directoryOfRegistry(): { modules: Record<string, ModuleEntry>; previews: Record<string, string> } {
  const modules: Record<string, ModuleEntry> = {};
  for (const m of MODULES) modules[m.code] = { name: m.name, kind: m.kind, record: m.routes.preview ?? m.routes.list };
  const previews: Record<string, string> = {};
  for (const m of ENGINE_MODULES) {
    const route = m.routes.preview?.toLowerCase();
    const found = route ? moduleByRoute(route) : undefined;
    if (route && found?.page === 'preview') previews[route] = found.module.code;
  }
  return { modules, previews };
}
