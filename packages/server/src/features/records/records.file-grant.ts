import { ROLE_DEFAULT } from '@oa/shared/constants';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/file-store';
import { isAdminRoles, loadPermissionCodes, loadRoles, loadUserWithStatus } from '../../core/identity.repository';
import { canRead, parseData, type Actor } from './records.access';
import { canSee, registerAccess } from './register.access';
import { recordsWithFile } from './records.repository';

/** The actor a download is checked for, built from the user code (the files feature knows no more). */
async function actorFor(ctx: AppContext, userCode: string): Promise<Actor | null> {
  const found = await loadUserWithStatus(ctx.db, userCode);
  if (!found || found.status !== 'Y') return null;
  const roleCodes = [...new Set([...(await loadRoles(ctx.db, userCode)).map((r) => r.roleCode), ROLE_DEFAULT])];
  const isAdmin = isAdminRoles(roleCodes);
  let perms: Promise<Set<string>> | null = null;
  return {
    userCode, userName: found.user.userName, deptCode: found.user.deptCode, deptName: found.user.deptName, roleCodes, isAdmin,
    can: async (p) => isAdmin || (await (perms ??= loadPermissionCodes(ctx.db, roleCodes))).has(p),
  };
}

/**
 * A private upload attached to a business record may be read by whoever may read that record
 * (applicant, department leader, managers, workflow participants; register readers by the register's rules).
 */
export function recordAttachmentGrant(ctx: AppContext): FileGrant {
  return async (db, file, userCode) => {
    const rows = await recordsWithFile(db, file.id);
    if (rows.length === 0) return false;
    const actor = await actorFor(ctx, userCode);
    if (!actor) return false;
    for (const row of rows) {
      const m = moduleByCode(row.module);
      if (!m) continue;
      if (m.kind === 'register') {
        if (await actor.can(m.permissions.read) && canSee(row, parseData(row), await registerAccess(m, actor), actor)) return true;
      } else if (await canRead(ctx, m, actor, row)) return true;
    }
    return false;
  };
}
