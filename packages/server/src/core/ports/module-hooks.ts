import type { Db } from '../../db/database';

/**
 * Server hooks of a module (ARCHITECTURE.md §6): the rules a declaration cannot say. A module's hooks live
 * in its home, `modules/<code>/<name>.hooks.ts`, named by the home's `home.ts` (`modules/module-home.ts`), and reach
 * the records engine through `ctx.hooks` (composed in app.ts from `modules/registry.ts`: the engine imports no
 * module home). Each runs inside
 * the transaction of the step it belongs to and may return new data for the record (or nothing).
 */
export interface HookRecord {
  id: string;
  module: string;
  serialNo: string | null;
  status: string;
  applicant: string;
  dept: string | null;
  data: Record<string, unknown>;
}

export interface HookActor {
  userCode: string;
  userName: string;
}

type DataPatch = Record<string, unknown> | void;

export interface ModuleHooks {
  /** before the process starts (after validation); throw bizError to refuse */
  beforeSubmit?(trx: Db, record: HookRecord, actor: HookActor): Promise<DataPatch>;
  /** the process ended approved */
  afterApprove?(trx: Db, record: HookRecord): Promise<DataPatch>;
  /** the process ended rejected or terminated */
  afterReject?(trx: Db, record: HookRecord): Promise<DataPatch>;
  /**
   * Module actions declared in `actions` of the module (who and when are checked by the engine,
   * the payload is validated against the action's fields); returns the new data.
   */
  actions?: Record<string, (trx: Db, record: HookRecord, payload: Record<string, unknown>, actor: HookActor) => Promise<DataPatch>>;
}

/** Hooks of a register (kind 'register'): values of system-set fields on a new row, and module actions. */
export interface RegisterHooks {
  /** values of the fields the form never sets (readonlyOnForm), for a new row */
  defaults?(): Record<string, unknown>;
  actions?: ModuleHooks['actions'];
}

/** Every module home's hooks by module code, installed by app.ts as ctx.hooks; the records engine runs them. */
interface HooksByModule {
  modules: Readonly<Record<string, ModuleHooks>>;
  registers: Readonly<Record<string, RegisterHooks>>;
}

declare module '../context' {
  interface AppContext {
    hooks: HooksByModule;
  }
}
