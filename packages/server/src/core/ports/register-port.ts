import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { unauthorized } from '../../lib/errors';

/**
 * The registers' side of the module engine as a module home sees it (`modules/<code>/`): read a module's
 * rows, add numbered rows to a register, the directory lookups its pages need. Built once in app.ts from
 * `engines/records/register.store.ts` and installed as `ctx.registers`, so a home never reaches into the
 * records feature.
 */

/** Who acts: the signed-in user with their permission check (the guard's `can`). */
export interface EngineActor {
  userCode: string;
  userName: string;
  deptCode: string | null;
  deptName: string | null;
  roleCodes: readonly string[];
  isAdmin: boolean;
  can(permission: string): Promise<boolean>;
}

/** A module's row as a home reads it: the parsed form data and who filed it. */
export interface EngineRow {
  id: string;
  applicant: string;
  data: Record<string, unknown>;
}

export interface RegisterStore {
  /** rows of a module (a register or an application form), optionally of one status / some applicants */
  rows(db: Db, module: string, filter?: { status?: string; applicants?: readonly string[] }): Promise<EngineRow[]>;
  /** may the actor manage the register (the register's own rule: a private register has no managers) */
  mayManage(module: string, actor: EngineActor): Promise<boolean>;
  /** adds validated rows to a register as the actor, numbered, in one transaction of `db` (joins it when `db` is one; history action `action`) */
  addRows(db: Db, module: string, actor: EngineActor, datas: ReadonlyArray<Record<string, unknown>>, action: string): Promise<void>;
  /** active users (of one department), in directory order */
  activeUsers(db: Db, dept?: string): Promise<Array<{ user_code: string; user_name: string; dept_name: string | null }>>;
  /** department code → name */
  deptNames(db: Db, codes: readonly string[]): Promise<Map<string, string>>;
}

declare module '../context' {
  interface AppContext {
    /** The registers of the module engine, for module homes. */
    registers: RegisterStore;
  }
}

/** The acting user of a request, as the module engine's registers see them. */
export function registerActorOf(req: FastifyRequest): EngineActor {
  const a = req.auth;
  if (!a) throw unauthorized();
  return {
    userCode: a.user.userCode,
    userName: a.user.userName,
    deptCode: a.user.deptCode,
    deptName: a.user.deptName,
    roleCodes: a.roleCodes,
    isAdmin: a.isAdmin,
    can: a.can,
  };
}
