import { RESERVED_FUNCTIONS } from './three-admins';

/**
 * The one permission rule (ARCHITECTURE.md §8), used by the server's guard (plugins/auth.ts), the web's
 * menu and buttons (web/src/state/permission.ts): the system administrator may do everything except what
 * 三员分立 reserves to the security and audit administrators (`RESERVED_FUNCTIONS`); everyone else what their roles
 * were granted (function codes such as `sys_user` and keys such as `oa_stamp:manage`).
 */
export interface Grants {
  isAdmin: boolean;
  permissions: ReadonlySet<string> | readonly string[];
}

export function can(grants: Grants, permission: string): boolean {
  if (grants.isAdmin) return !RESERVED_FUNCTIONS.has(permission);
  const p = grants.permissions;
  return Array.isArray(p) ? p.includes(permission) : (p as ReadonlySet<string>).has(permission);
}
