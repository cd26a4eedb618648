import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULES, moduleByCode } from '@oa/shared/modules/registry';
import { MODULE_HOME_CODES, MODULE_HOME_PAGES } from './module-pages';
import { routeRegistry } from './route-registry';

const modulesDir = fileURLToPath(new URL('../modules', import.meta.url));
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** Every route a declaration names: its routes, variants and menu pages. */
const declaredRoutes = new Set(
  MODULES.flatMap((m) => [
    ...Object.values(m.routes),
    ...Object.values(m.variants ?? {}).map((v) => v.route),
    ...(m.menu?.pages ?? []).map((p) => p.route),
  ]),
);

describe('module homes of the web app', () => {
  it('loads the home.ts of every module folder', () => {
    expect([...MODULE_HOME_CODES].sort()).toEqual([...folders].sort());
  });

  it('names a declared module in every folder and only routes the declarations name', () => {
    for (const code of MODULE_HOME_CODES) expect(moduleByCode(code), code).toBeDefined();
    for (const route of Object.keys(MODULE_HOME_PAGES)) expect(declaredRoutes.has(route), route).toBe(true);
  });

  it('wins over the generic page of the same route', () => {
    for (const [route, load] of Object.entries(MODULE_HOME_PAGES)) expect(routeRegistry[route], route).toBe(load);
  });
});
