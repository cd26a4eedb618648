import { describe, expect, it } from 'vitest';
import { moduleNameOf, moduleOfPreviewRoute, recordRouteOf } from './directory';
import { directoryOfRegistry } from './directory-of';
import { GENERIC_PAGES, MODULE_DIRECTORY, PREVIEW_ROUTES } from './directory.generated';
import { ENGINE_MODULES, MODULES, moduleByRoute, recordRoute } from './registry';

describe('the module directory (directory.generated.ts)', () => {
  it('is what the registry declares (run `npm run modules:index` after changing a module)', () => {
    const derived = directoryOfRegistry();
    expect(MODULE_DIRECTORY).toEqual(derived.modules);
    expect(PREVIEW_ROUTES).toEqual(derived.previews);
    expect(GENERIC_PAGES).toEqual(derived.pages);
    // the same routes in the same order: the web app's route registry is built from it in this order
    expect(Object.keys(GENERIC_PAGES)).toEqual(Object.keys(derived.pages));
  });

  it('answers as the registry does: names, record routes and preview pages', () => {
    for (const m of MODULES) {
      expect(moduleNameOf(m.code)).toBe(m.name);
      expect(recordRouteOf(m.code, 'a b')).toBe(recordRoute(m.code, 'a b'));
    }
    for (const m of ENGINE_MODULES) {
      for (const route of Object.values(m.routes)) {
        if (!route) continue;
        const found = moduleByRoute(route);
        expect(moduleOfPreviewRoute(route.toUpperCase()), route).toBe(found?.page === 'preview' ? found.module.code : undefined);
      }
    }
    expect(moduleNameOf('nope')).toBe('nope');
    expect(recordRouteOf('toString', '1')).toBeNull();
    expect(moduleOfPreviewRoute('/constructor')).toBeUndefined();
  });
});
