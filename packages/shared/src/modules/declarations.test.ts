import { describe, expect, it } from 'vitest';
import type { AnyModule } from './define-module';
import { ENGINE_MODULES, MODULES } from './registry';

declare global {
  interface ImportMeta {
    /** Vite's (and so vitest's) import of every file matching a pattern */
    glob<T>(pattern: string, options: { eager: true }): Record<string, T>;
  }
}
const isModule = (v: unknown): v is AnyModule => !!v && typeof v === 'object' && 'code' in v && 'fields' in v && 'permissions' in v;

/** Every module exported by a `*.module.ts` of this folder, read from the files themselves. */
function declaredOnDisk(): string[] {
  const exports = Object.values(import.meta.glob<Record<string, unknown>>('./*.module.ts', { eager: true }));
  return [...new Set(exports.flatMap((e) => Object.values(e).filter(isModule)).map((m) => m.code))].sort();
}

describe('the module registry', () => {
  it('lists every declaration of this folder exactly once (run `npm run modules:index` after adding one)', () => {
    const codes = MODULES.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(declaredOnDisk());
  });

  it('gives every module the engine serves a menu place whose pages have distinct codes and routes', () => {
    for (const m of ENGINE_MODULES) {
      expect(m.menu, m.code).toBeDefined();
      const pages = m.menu?.pages ?? [];
      expect(new Set(pages.map((p) => p.funCode)).size, m.code).toBe(pages.length);
      expect(
        pages.map((p) => p.route),
        m.code,
      ).not.toContain(m.routes.list);
    }
  });

  it('has a menu page for every route of a module the engine serves', () => {
    for (const m of ENGINE_MODULES) {
      const routes = [m.routes.list, ...(m.menu?.pages ?? []).map((p) => p.route)];
      const own = [...Object.values(m.routes), ...Object.values(m.variants ?? {}).map((v) => v.route)].filter(Boolean);
      for (const r of own) expect(routes, `${m.code} ${r}`).toContain(r);
    }
  });
});
