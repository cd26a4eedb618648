/**
 * The one permission rule (ARCHITECTURE.md §8), used by the server's guard (plugins/auth.ts), the web's
 * menu and buttons (web/src/state/permission.ts): administrators may do everything; everyone else what
 * their roles were granted (function codes such as `sys_user` and keys such as `oa_stamp:manage`).
 */
export interface Grants {
  isAdmin: boolean;
  permissions: ReadonlySet<string> | readonly string[];
}

export function can(grants: Grants, permission: string): boolean {
  if (grants.isAdmin) return true;
  const p = grants.permissions;
  return Array.isArray(p) ? p.includes(permission) : (p as ReadonlySet<string>).has(permission);
}
