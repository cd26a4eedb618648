import type { FastifyInstance } from 'fastify';
import type { ModuleHooks, RegisterHooks } from '../core/ports/module-hooks';

/**
 * Everything bespoke of one business module on the server, beside its declaration
 * (`@oa/shared/modules/<name>.module.ts`): the home folder `modules/<code>/` exports it from `home.ts` as
 * `export default defineModuleHome({ code, … })`; `homes.generated.ts` (`npm run modules:index`) lists
 * every home and registry.ts derives the hooks and routes from them.
 */
export interface ModuleHome {
  /** the module code, also the folder's name */
  code: string;
  /** an approval module's hooks (run by the records engine inside its transactions) */
  hooks?: ModuleHooks;
  /** a register's hooks: default values of system-set fields and module actions */
  registerHooks?: RegisterHooks;
  /** extra routes (side tables, balances, published views), registered in src/routes.ts */
  routes?: (app: FastifyInstance) => Promise<void>;
}

export const defineModuleHome = (home: ModuleHome): ModuleHome => home;
