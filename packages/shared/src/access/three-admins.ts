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

/**
 * An account that holds only separated administrator roles (security or audit): it administers, and reads no
 * business record — no address book, meetings, news, search, to-do counts or dashboard widgets. The system
 * administrator (`admin`) is not one: it administers users, departments and configuration, which need the
 * organisation's records, and the demo's business data is set up through it.
 */
export function onlySeparatedAdmin(roleCodes: readonly string[]): boolean {
  const own = roleCodes.filter((r) => r !== ROLE_DEFAULT);
  return own.length > 0 && own.every(isSeparatedAdmin);
}

/**
 * The login-only API routes every account needs, a separated administrator too (`METHOD /oa/api/auth/...` pattern):
 * its own session, profile, password and two factors, the menu, its own sessions and notification settings, and its
 * own to-do centre (待办中心: only what is addressed to the account itself — system notices, a password to renew).
 * Every other login-only route answers such an account 403.
 */
export const SEPARATED_ADMIN_ROUTES: readonly string[] = [
  'GET /oa/api/auth/base/system/userinfo/get',
  'GET /oa/api/auth/base/system/user/info',
  'GET /oa/api/auth/base/logout',
  'GET /oa/api/auth/oa/sso/logoutUrl',
  'GET /oa/api/auth/base/system/password/status',
  'GET /oa/api/auth/base/system/v1/token',
  'PUT /oa/api/auth/base/system/changePassword',
  'PUT /oa/api/auth/base/system/resetPassword',
  'GET /oa/api/auth/base/system/sms/verification',
  'GET /oa/api/auth/oa/twoFactor/status',
  'POST /oa/api/auth/oa/twoFactor/enrol',
  'POST /oa/api/auth/oa/twoFactor/confirm',
  'POST /oa/api/auth/oa/twoFactor/recovery',
  'POST /oa/api/auth/oa/twoFactor/disable',
  'GET /oa/api/auth/industry/common/roleFunListByUserCode',
  'GET /oa/api/auth/base/system/user/funList',
  'GET /oa/api/auth/base/system/menuVersion',
  'GET /oa/api/auth/industry/common/myPersonalCenter',
  'PUT /oa/api/auth/industry/common/myPersonalCenter',
  'POST /oa/api/auth/base/userinfo/userIconUpload',
  'PUT /oa/api/auth/base/userinfo/setMyPic',
  'GET /oa/api/auth/oa/personal/sessions',
  'POST /oa/api/auth/oa/personal/signOutElsewhere',
  'GET /oa/api/auth/oa/notify/myPrefs',
  'POST /oa/api/auth/oa/notify/saveMyPrefs',
  'GET /oa/api/auth/oa/notify/push/key',
  'POST /oa/api/auth/oa/notify/push/subscribe',
  'POST /oa/api/auth/oa/notify/push/unsubscribe',
  'GET /oa/api/auth/oa/process/todo',
  'GET /oa/api/auth/oa/process/done',
  'GET /oa/api/auth/oa/process/cc',
  'GET /oa/api/auth/oa/process/mine',
  'GET /oa/api/auth/oa/process/notifications',
  'GET /oa/api/auth/oa/process/unread',
  'GET /oa/api/auth/oa/process/toRead',
  'POST /oa/api/auth/oa/process/readNotifications',
  'GET /oa/api/auth/oa/process/stream',
];
