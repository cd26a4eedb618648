import { ROLE_DEFAULT } from '@oa/shared/constants';
import { can } from '@oa/shared/access/can';
import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { isAdminRoles, loadPermissionCodes, loadRoles, loadSessionUser } from '../../core/identity/identity.repository';
import { findSubject, subjectOfFile } from './subjects.repository';
import { mayReadSubject, type Actor } from './subjects.service';

/** The reader of a file, built from the account (a download carries no request permissions). */
async function actorByCode(ctx: AppContext, userCode: string, isApplicant: boolean): Promise<Actor | null> {
  const user = await loadSessionUser(ctx.db, userCode);
  if (!user) return null;
  const roles = [...new Set([...(await loadRoles(ctx.db, userCode)).map((r) => r.roleCode), ROLE_DEFAULT])];
  const isAdmin = isAdminRoles(roles);
  let perms: Promise<Set<string>> | null = null;
  const grants = async (p: string) => can({ isAdmin, permissions: await (perms ??= loadPermissionCodes(ctx.db, roles)) }, p);
  return { userCode, deptCode: user.deptCode, isAdmin, isApplicant, can: grants };
}

/**
 * Applicants' reports and ledger vouchers are private uploads: whoever may read the subject (mayReadSubject,
 * the detail's rule) reads the files attached to it (re-checked on every download by core/file-store).
 */
export function subjectFileGrant(ctx: AppContext): FileGrant {
  return async (db, file, userCode, viewer) => {
    const subjectId = await subjectOfFile(db, file.id);
    const subject = subjectId ? await findSubject(db, subjectId) : undefined;
    if (!subject) return false;
    const actor = await actorByCode(ctx, userCode, viewer.isApplicant);
    return !!actor && (await mayReadSubject(ctx, actor, subject));
  };
}
