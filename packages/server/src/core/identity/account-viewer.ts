import { can } from '@oa/shared/access/can';
import { withDefaultRole } from '@oa/shared/access/three-admins';
import type { Db } from '../../db/database';
import { isAdminRoles, loadPermissionCodes, loadRoles, loadUserWithStatus } from './identity.repository';

/** Who reads or acts when only an account is known (a file download, a search entry, a workflow callback). */
export interface AccountViewer {
  userCode: string;
  userName: string;
  deptCode: string | null;
  deptName: string | null;
  /** the account's roles and the default role every account holds (not a security or audit administrator) */
  roleCodes: string[];
  isAdmin: boolean;
  /** the one permission rule for this account; permissions are read on the first call */
  can(permission: string): Promise<boolean>;
}

/**
 * The viewer of an account by its code: null when the account is unknown or disabled — a disabled account reads
 * nothing, whatever path asks (record files, subject files, news and space files, documents, search).
 */
export async function viewerOf(db: Db, userCode: string): Promise<AccountViewer | null> {
  const found = await loadUserWithStatus(db, userCode, null); // the mobile is not read here
  if (!found || found.status !== 'Y') return null;
  const roleCodes = withDefaultRole((await loadRoles(db, userCode)).map((r) => r.roleCode));
  const isAdmin = isAdminRoles(roleCodes);
  let perms: Promise<Set<string>> | null = null;
  return {
    userCode,
    userName: found.user.userName,
    deptCode: found.user.deptCode,
    deptName: found.user.deptName,
    roleCodes,
    isAdmin,
    can: async (p) => can({ isAdmin, permissions: isAdmin ? [] : await (perms ??= loadPermissionCodes(db, roleCodes)) }, p),
  };
}
