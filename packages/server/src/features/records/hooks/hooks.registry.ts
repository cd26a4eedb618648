import type { ModuleHooks } from './hook-types';
import { lendHooks } from './lend.hooks';

/** Module code → its server hooks. Append one line per module that needs hooks. */
export const MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = {
  oa_lend: lendHooks,
};
