import { ROLE_ADMIN, ROLE_DEFAULT } from '../constants';

/**
 * 三员分立 (GB/T 22239-2019 8.1.4.2 / 8.1.4.3): the one declaration of what each of the three administrators holds.
 * The seed grants it, migration 112 writes it into an older database, `can()` reserves the exclusive functions, the
 * role-grant rules (`core/identity/grant-rules.ts`) refuse anything else, and `three-admins.test.ts` checks it.
 *
 * - `admin` 系统管理员: every function except those reserved below (users, departments, role definitions, menus and
 *   functions, configuration, modules, processes, templates, backups) — it assigns no role and grants no function.
 * - `secadmin` 安全管理员: grants (which functions a role has, which roles a user has, role groups), column
 *   authorisation, security policies, account locks and sessions.
 * - `auditadmin` 审计管理员: reads and exports the audit and the 等保 self-check; nothing else.
 */
export const ROLE_SECADMIN = 'secadmin';
export const ROLE_AUDITADMIN = 'auditadmin';

export type SeparatedAdminRole = typeof ROLE_SECADMIN | typeof ROLE_AUDITADMIN;
export type AdminRole = typeof ROLE_ADMIN | SeparatedAdminRole;

export interface SeparatedAdmin {
  roleCode: SeparatedAdminRole;
  roleName: string;
  remark: string;
  /** functions only this role may hold (nobody else, not even `admin`) */
  exclusive: readonly string[];
  /** pages and folders it needs besides, which the system administrator holds too */
  shared: readonly string[];
}

/** What each separated administrator has for themself: the home page, the personal centre (own password, two factors), messages. */
export const OWN_FUNCTIONS = ['home', 'home_dashboard', 'home_personal', 'todo', 'todo_message'] as const;

export const SEPARATED_ADMINS: readonly SeparatedAdmin[] = [
  {
    roleCode: ROLE_SECADMIN,
    roleName: '安全管理员',
    remark: '三员之一：角色授权、用户角色分配、栏目授权、登录安全策略（双因素）、账号锁定与在线会话',
    exclusive: ['sys_role:grant', 'sys_member_role:grant', 'sys_column_auth', 'sys_mfa_policy', 'sys_account_security'],
    shared: ['sys', 'sys_role', 'sys_member_role'],
  },
  {
    roleCode: ROLE_AUDITADMIN,
    roleName: '审计管理员',
    remark: '三员之一：查看与导出审计记录、等保自查',
    exclusive: ['sys_compliance', 'sys_audit_log'],
    shared: ['sys'],
  },
];

/** The three administrator roles; no account holds two of them. */
export const ADMIN_ROLES: readonly AdminRole[] = [ROLE_ADMIN, ...SEPARATED_ADMINS.map((a) => a.roleCode)];

export const ADMIN_ROLE_NAMES: Readonly<Record<AdminRole, string>> = {
  [ROLE_ADMIN]: '系统管理员',
  [ROLE_SECADMIN]: '安全管理员',
  [ROLE_AUDITADMIN]: '审计管理员',
};

/** Function code → the separated administrator role that alone may hold it. */
export const RESERVED_FUNCTIONS: ReadonlyMap<string, SeparatedAdminRole> = new Map(
  SEPARATED_ADMINS.flatMap((a) => a.exclusive.map((f) => [f, a.roleCode] as const)),
);

/** Every function a separated administrator role is granted (the seed and migration 112 write exactly these). */
export function separatedAdminFunctions(a: SeparatedAdmin): string[] {
  return [...new Set([...OWN_FUNCTIONS, ...a.shared, ...a.exclusive])];
}

export const isSeparatedAdmin = (roleCode: string): boolean => SEPARATED_ADMINS.some((a) => a.roleCode === roleCode);

/**
 * The roles a session works with: its own and the default role every member has — except a security or audit
 * administrator, who gets no business function (the default role holds the daily applications).
 */
export function withDefaultRole(roleCodes: readonly string[]): string[] {
  const own = [...new Set(roleCodes)];
  return own.some(isSeparatedAdmin) ? own.filter((r) => r !== ROLE_DEFAULT) : [...new Set([...own, ROLE_DEFAULT])];
}

/**
 * Why a role may not be given these functions, or null: a reserved function only to its own administrator role,
 * and a separated administrator role nothing beyond its declaration.
 */
export function functionGrantRefusal(roleCode: string, funCodes: readonly string[]): string | null {
  const own = SEPARATED_ADMINS.find((a) => a.roleCode === roleCode);
  if (own) {
    const allowed = new Set(separatedAdminFunctions(own));
    const extra = funCodes.filter((f) => !allowed.has(f));
    return extra.length ? `三员分立：${own.roleName}角色只能拥有其规定的功能，不能授予：${extra.slice(0, 5).join('、')}` : null;
  }
  const reserved = funCodes.filter((f) => RESERVED_FUNCTIONS.has(f));
  if (!reserved.length) return null;
  const holder = ADMIN_ROLE_NAMES[RESERVED_FUNCTIONS.get(reserved[0])!];
  return `三员分立：${reserved.slice(0, 5).join('、')} 只能授予${holder}角色`;
}

/** Why an account may not hold these roles together, or null. */
export function adminRolesRefusal(roleCodes: readonly string[]): string | null {
  const held = ADMIN_ROLES.filter((r) => roleCodes.includes(r));
  return held.length > 1 ? `三员分立：同一账号不能同时担任${held.map((r) => ADMIN_ROLE_NAMES[r]).join('与')}` : null;
}
