import { ENGINE_MODULES } from './registry';

/**
 * The application forms every member files: the approval modules the module engine serves, in the order
 * they were declared. One list for the seed's default grants and the tests of the declarations.
 */
export const APPROVAL_MODULE_CODES: readonly string[] = ENGINE_MODULES.filter((m) => m.kind === 'approval').map((m) => m.code);
