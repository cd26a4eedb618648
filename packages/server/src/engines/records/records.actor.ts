import { ROLE_DEFAULT } from '@oa/shared/constants';
import type { AppContext } from '../../core/context';
import { isAdminRoles, loadPermissionCodes, loadRoles, loadUserWithStatus } from '../../core/identity/identity.repository';
import type { Actor } from './records.access';

/** The actor a check is made for when only the user code is known (file downloads, the workflow's instance view). */
export async function actorFor(ctx: AppContext, userCode: string): Promise<Actor | null> {
  const found = await loadUserWithStatus(ctx.db, userCode);
  if (!found || found.status !== 'Y') return null;
  const roleCodes = [...new Set([...(await loadRoles(ctx.db, userCode)).map((r) => r.roleCode), ROLE_DEFAULT])];
  const isAdmin = isAdminRoles(roleCodes);
  let perms: Promise<Set<string>> | null = null;
  return {
    userCode,
    userName: found.user.userName,
    deptCode: found.user.deptCode,
    deptName: found.user.deptName,
    roleCodes,
    isAdmin,
    can: async (p) => isAdmin || (await (perms ??= loadPermissionCodes(ctx.db, roleCodes))).has(p),
  };
}
