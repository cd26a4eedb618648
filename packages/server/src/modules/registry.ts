import type { FastifyInstance } from 'fastify';
import type { ModuleHooks, RegisterHooks } from '../core/ports/module-hooks';
import { MODULE_HOMES } from './homes.generated';

/**
 * The homes of the business modules: everything bespoke about a module (hooks, side tables, extra
 * routes) sits in `modules/<code>/`, beside its declaration in `@oa/shared/modules/<name>.module.ts`,
 * and its `home.ts` says what (`defineModuleHome`). A module with no bespoke part has no folder.
 * The lists below derive from the homes (`homes.generated.ts`, written by `npm run modules:index`).
 */

const withPart = <K extends 'hooks' | 'registerHooks'>(key: K) =>
  Object.fromEntries(MODULE_HOMES.flatMap((h) => (h[key] ? [[h.code, h[key]]] : [])));

/** Approval modules: code → server hooks (run by the records engine inside its transactions). */
export const MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = withPart('hooks');

/** Registers: code → default values of system-set fields and module actions. */
export const REGISTER_HOOKS: Readonly<Record<string, RegisterHooks>> = withPart('registerHooks');

/** Extra routes of module homes (side tables, balances, published views); registered in src/routes.ts. */
export const MODULE_ROUTES: ReadonlyArray<(app: FastifyInstance) => Promise<void>> = MODULE_HOMES.flatMap((h) =>
  h.routes ? [h.routes] : [],
);
