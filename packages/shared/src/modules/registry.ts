import type { AnyModule } from './define-module';
import { DECLARED_MODULES } from './declarations.generated';

/**
 * Every declared business module: each `*.module.ts` of this folder, listed by `npm run modules:index` in
 * `declarations.generated.ts` (`declarations.test.ts` fails while one is missing).
 */
export const MODULES: readonly AnyModule[] = DECLARED_MODULES;

/** The modules the module engine stores and serves (generic pages and record routes); areas serve their own. */
export const ENGINE_MODULES: readonly AnyModule[] = MODULES.filter((m) => m.engine !== 'area');

const byCode = new Map(MODULES.map((m) => [m.code, m]));

export function moduleByCode(code: string): AnyModule | undefined {
  return byCode.get(code);
}

export type ModulePage = 'list' | 'edit' | 'preview' | 'manage';

/** The module and page a route belongs to (case-insensitive), with the variant of a variant route. */
export function moduleByRoute(path: string): { module: AnyModule; page: ModulePage; variant: string | null } | undefined {
  const p = path.toLowerCase();
  for (const m of ENGINE_MODULES) {
    for (const [page, route] of Object.entries(m.routes) as Array<[ModulePage, string | undefined]>) {
      if (route && route.toLowerCase() === p) return { module: m, page, variant: null };
    }
    for (const [variant, v] of Object.entries(m.variants ?? {})) {
      if (v.route.toLowerCase() === p) return { module: m, page: 'edit', variant };
    }
  }
  return undefined;
}

/** Every route of every engine module (the web registers its generic pages on them). */
export function moduleRoutes(): string[] {
  return ENGINE_MODULES.flatMap((m) => [
    ...Object.values(m.routes).filter((r): r is string => !!r),
    ...Object.values(m.variants ?? {}).map((v) => v.route),
  ]);
}

/**
 * Where a record opens: its module's preview route, or — for a module without one (single-route
 * modules such as /Leave) — its list route, which opens the record in a drawer. Null for an unknown module.
 */
export function recordRoute(moduleCode: string, recordId: string): string | null {
  const m = byCode.get(moduleCode);
  return m ? `${m.routes.preview ?? m.routes.list}?id=${encodeURIComponent(recordId)}` : null;
}
