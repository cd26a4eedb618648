import { inChange } from '../../core/audit';
import type { RolePolicy, TwoFactorStatus } from '@oa/shared/contract/two-factor';
import type { AppContext } from '../../core/context';
import { bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findUserRow, revokeUserSessions } from '../../core/identity/identity.repository';
import { verifyStoredPassword } from '../../core/identity/password';
import { checkOwnerCode, factorState, recoveryLeft, removeFactors, regenerateRecovery } from '../../core/identity/two-factor';
import * as repo from './two-factor.repository';

/** 个人中心's two factors and the 登录安全策略 page (per-role requirement, an administrator's reset). */
export async function status(ctx: AppContext, userCode: string, mobile: string | null): Promise<TwoFactorStatus> {
  const s = await factorState(ctx, userCode);
  return {
    enrolled: s.enrolled,
    enrolledAt: s.enrolledAt,
    required: s.requiredBy.length > 0,
    requiredBy: s.requiredBy,
    recoveryLeft: s.enrolled ? await recoveryLeft(ctx, userCode) : 0,
    smsAvailable: ctx.config.twoFactorSms && !!mobile,
  };
}

/** A current code (claimed, so it cannot be replayed) or the login password proves the person is at the keyboard. */
async function prove(ctx: AppContext, userCode: string, proof: { code?: string; password?: string }): Promise<void> {
  if (proof.code) return checkOwnerCode(ctx, userCode, proof.code);
  const u = await findUserRow(ctx.db, userCode);
  if (!u || !(await verifyStoredPassword(u.password_hash, proof.password ?? ''))) throw bizError('登录密码错误');
}

export async function regenerate(ctx: AppContext, userCode: string, proof: { code?: string; password?: string }): Promise<string[]> {
  await prove(ctx, userCode, proof);
  return regenerateRecovery(ctx, userCode);
}

export async function disable(ctx: AppContext, userCode: string, proof: { code?: string; password?: string }): Promise<void> {
  const s = await factorState(ctx, userCode);
  if (!s.enrolled) throw bizError('尚未启用双因素认证');
  if (s.requiredBy.length) throw bizError(`您的角色（${s.requiredBy.join('、')}）要求启用双因素认证，不能停用`);
  await prove(ctx, userCode, proof);
  await inChange(ctx.db, (trx) => removeFactors(trx, userCode));
}

export const policies = (ctx: AppContext): Promise<RolePolicy[]> => repo.rolePolicies(ctx.db);

export async function savePolicy(ctx: AppContext, by: string, body: { roleCode: string; required: boolean }): Promise<string> {
  const role = await repo.roleExists(ctx.db, body.roleCode);
  if (!role) throw notFound('角色不存在');
  await repo.setRolePolicy(ctx.db, body.roleCode, body.required, by, nowIso());
  return role.role_name;
}

/**
 * An administrator removes a person's two factors (a lost phone): the person's sessions end, and the next login
 * asks for a code no more — or, when a role requires it, leads to a new enrolment.
 */
export async function reset(ctx: AppContext, userCode: string): Promise<void> {
  if (!(await findUserRow(ctx.db, userCode))) throw notFound('人员不存在');
  if (!(await factorState(ctx, userCode)).enrolled) throw bizError('该人员尚未启用双因素认证');
  await inChange(ctx.db, async (trx) => {
    await removeFactors(trx, userCode);
    await revokeUserSessions(trx, userCode, nowIso(), 'two-factor-reset');
  });
}

/**
 * Evidence for the 等保 self-check: the roles that require two factors, with their active holders and how many of
 * them enrolled, and how many people enrolled in all.
 */
export async function twoFactorEvidence(ctx: Pick<AppContext, 'db'>) {
  const roles = (await repo.rolePolicies(ctx.db)).filter((r) => r.required);
  return {
    requiredRoles: roles,
    requiredHolders: roles.reduce((n, r) => n + r.holders, 0),
    requiredEnrolled: roles.reduce((n, r) => n + r.enrolled, 0),
    enrolledTotal: await repo.countEnrolled(ctx.db),
  };
}
