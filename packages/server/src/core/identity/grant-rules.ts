import { adminRolesRefusal, functionGrantRefusal } from '@oa/shared/access/three-admins';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { auditEvent } from '../audit';
import { type AppError, badRequest, forbidden } from '../../lib/errors';
import { effectiveRoles } from './grant-rules.repository';

/**
 * The rules of 三员分立 for every path that changes who holds a role (a role's users, a role group's roles or users)
 * or what a role may do (its functions): no account holds two of the three administrator roles, nobody grants
 * themself a role or a function, a reserved function goes only to its administrator role. The system administrator
 * reaches none of these paths (they need `sys_role:grant`, reserved to the security administrator).
 */

const refusals = new WeakSet<Error>();
const refusal = (e: AppError): AppError => (refusals.add(e), e);

/** A refusal of these rules (the route audits it as denied). */
export const isGrantRefusal = (e: unknown): e is AppError => e instanceof Error && refusals.has(e);

/**
 * Runs `write` (inside the caller's transaction `trx`) and refuses it — the caller's transaction then rolls back —
 * when an account among `userCodes` gained a role that breaks a rule. Only a gain is judged, so removing a role is
 * never refused by them.
 */
export async function guardRoleChange<T>(trx: Db, actor: string, userCodes: readonly string[], write: () => Promise<T>): Promise<T> {
  const users = [...new Set(userCodes)];
  const before = await effectiveRoles(trx, users);
  const out = await write();
  const after = await effectiveRoles(trx, users);
  for (const u of users) {
    const now = after.get(u) ?? new Set<string>();
    const gained = [...now].filter((r) => !before.get(u)?.has(r));
    if (!gained.length) continue;
    if (u === actor) throw refusal(forbidden('不能给自己授予角色，请由另一位安全管理员办理'));
    const msg = adminRolesRefusal([...now]);
    if (msg) throw refusal(badRequest(`账号「${u}」：${msg}`, 'userCodes'));
  }
  return out;
}

/** Refuses roles that no one may hold together (a role group carrying two administrator roles). */
export function checkRoleSet(roleCodes: readonly string[]): void {
  const msg = adminRolesRefusal(roleCodes);
  if (msg) throw refusal(badRequest(msg, 'roleCodes'));
}

/** Refuses adding `added` functions to `roleCode` by `actor`: a role of their own, or a function 三员分立 keeps elsewhere. */
export async function checkFunctionGrant(trx: Db, actor: string, roleCode: string, added: readonly string[]): Promise<void> {
  if (!added.length) return;
  const msg = functionGrantRefusal(roleCode, added);
  if (msg) throw refusal(badRequest(msg, 'funCodes'));
  if ((await effectiveRoles(trx, [actor])).get(actor)?.has(roleCode))
    throw refusal(forbidden('不能给自己所属的角色授予功能，请由另一位安全管理员办理'));
}

/** Runs a grant for a route; a refusal of these rules is audited (result `denied`, its message) before it answers. */
export async function auditedGrant<T>(db: Db, req: FastifyRequest, action: string, target: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (isGrantRefusal(e)) await auditEvent(db, req, { action, target, result: 'denied', detail: { message: e.message } });
    throw e;
  }
}
