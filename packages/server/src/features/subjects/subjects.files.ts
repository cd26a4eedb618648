import { ROLE_DEFAULT } from '@oa/shared/constants';
import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { isAdminRoles, loadPermissionCodes, loadRoles } from '../../core/identity/identity.repository';
import { subjectOfFile } from './subjects.repository';
import { PERM } from './subjects.service';

const READERS: readonly string[] = [PERM.manage, PERM.all, PERM.search, PERM.fund, PERM.contract];

/**
 * Applicants' reports and ledger vouchers are private uploads; staff who may read subjects read the
 * files attached to them (re-checked on every download by core/files/file-store).
 */
export function subjectFileGrant(_ctx: AppContext): FileGrant {
  return async (db, file, userCode) => {
    if (!(await subjectOfFile(db, file.id))) return false;
    const roles = [...new Set([...(await loadRoles(db, userCode)).map((r) => r.roleCode), ROLE_DEFAULT])];
    if (isAdminRoles(roles)) return true;
    const perms = await loadPermissionCodes(db, roles);
    return READERS.some((p) => perms.has(p));
  };
}
