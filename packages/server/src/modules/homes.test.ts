import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleByCode } from '@oa/shared/modules/registry';
import { MODULE_HOMES } from './homes.generated';

const here = fileURLToPath(new URL('.', import.meta.url));
const folders = readdirSync(here, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('module homes', () => {
  it('loads the home of every folder here (run `npm run modules:index` after adding one)', () => {
    expect(MODULE_HOMES.map((h) => h.code).sort()).toEqual(folders);
  });

  it.each(MODULE_HOMES.map((h) => [h.code, h] as const))('%s is the home of a declared module, with hooks of its kind', (code, home) => {
    const m = moduleByCode(code);
    expect(m, code).toBeDefined();
    if (home.hooks) expect(m?.kind).toBe('approval');
    if (home.registerHooks) expect(m?.kind).toBe('register');
    expect(home.hooks || home.registerHooks || home.routes, code).toBeTruthy();
  });
});
