import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleRef, SessionUser } from '@oa/shared/contract/auth';
import { can } from '@oa/shared/access/can';
import { onlySeparatedAdmin, SEPARATED_ADMIN_ROUTES } from '@oa/shared/access/three-admins';
import { forbidden, unauthorized } from '../lib/errors';
import { nowIso, MINUTE } from '../lib/time';
import { auditEvent } from '../core/audit';
import { revokeSession, touchSession } from '../core/identity/identity.repository';
import { checkSession, isOutsideApplicant, isUnitContact, sessionTouched, type SessionRefusal } from '../core/identity/token-session';
import type { PasswordState, RequestVersions } from '../core/identity/identity.repository';
import { openToApplicants, openToUnitContacts, type Access } from './access';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
  roles: RoleRef[];
  roleCodes: string[];
  isAdmin: boolean;
  /** the user's platforms (sys_user_platform), in code order */
  platforms: string[];
  /** an outside applicant: platform 19 (the applicants' area) without the OA platform */
  isApplicant: boolean;
  /** a member unit's contact: platform 20 without the OA platform; reaches only the exchange area (issue 37) */
  isUnitContact: boolean;
  /** loads (once per request) and checks a permission */
  can(permission: string): Promise<boolean>;
  /**
   * the permission codes granted to `roleCodes` (administrators hold every permission without them): read once
   * per session-cache entry, under the `sys_auth_version` this request was checked against
   */
  permissionCodes(): Promise<ReadonlySet<string>>;
  /** the password state read with the session (must the user change it?) */
  password: PasswordState;
  /** how the session was opened: a single sign-on session ('sso') used no password here, and is never told to change one */
  sessionKind: 'web' | 'device' | 'sso';
  /**
   * the change counters read with the session check, in the same statement: an in-memory answer kept under
   * them is the one a fresh read gives (the menu, the to-do lists)
   */
  versions: RequestVersions;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const TOUCH_EVERY_MS = MINUTE;
/** login-only routes a security or audit administrator may call (三员分立, shared/access/three-admins.ts) */
const SEPARATED_OPEN: ReadonlySet<string> = new Set(SEPARATED_ADMIN_ROUTES);

/**
 * What a kind of account may reach, whatever its grants: one table, the guard's only rule by account kind. Applicants
 * (outside users of platform 19) reach only the routes marked for them, and the applicants' own routes are theirs
 * alone, so no OA route is open to them by accident; a security or audit administrator reaches no business (三员分立).
 */
const ACCOUNT_KINDS: ReadonlyArray<{
  is: (auth: AuthContext) => boolean;
  reaches: (a: Access, route: string) => boolean;
  refusal: string;
  detail: Record<string, boolean>;
}> = [
  { is: (u) => u.isApplicant, reaches: openToApplicants, refusal: '课题申报账号无权访问办公平台功能', detail: { applicant: true } },
  { is: (u) => !u.isApplicant, reaches: (a) => a.kind !== 'applicant', refusal: '仅课题申报用户可以访问', detail: { applicant: false } },
  {
    is: (u) => u.isUnitContact,
    reaches: openToUnitContacts,
    refusal: '成员单位账号只能查看本单位收到的公文',
    detail: { unitContact: true },
  },
  {
    is: (u) => !u.isUnitContact,
    reaches: (a) => a.kind !== 'unitContact',
    refusal: '仅成员单位联系人可以访问',
    detail: { unitContact: false },
  },
  {
    is: (u) => onlySeparatedAdmin(u.roleCodes),
    reaches: (a, route) => a.kind !== 'login' || SEPARATED_OPEN.has(route),
    refusal: '三员分立：安全管理员与审计管理员不能访问业务功能',
    detail: { separatedAdmin: true },
  },
];

const REFUSED: Record<SessionRefusal, string> = {
  invalid: '登录已失效，请重新登录',
  expired: '登录已超时，请重新登录',
  idle: '长时间未操作，请重新登录',
  device: '设备与登录凭证不符，请重新登录',
  disabled: '账号已停用，请联系管理员',
};

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim() || null;
  if (req.routeOptions.config?.queryToken) {
    const q = req.query as Record<string, unknown> | undefined;
    if (q && typeof q.wtoken === 'string' && q.wtoken) return q.wtoken;
  }
  return null;
}

/**
 * The session guard: every /oa/api route declares its access (plugins/access.ts); this hook enforces it.
 * A session is valid while not revoked, within the absolute lifetime and used within the idle timeout.
 */
export function registerAuth(app: FastifyInstance): void {
  const { ctx } = app;
  const { db } = ctx;
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/oa/api/')) return;
    if (!route.config?.access) throw new Error(`路由 ${route.method} ${route.url} 没有声明访问权限（config.access）`);
    const a = route.config.access;
    if (route.url.startsWith('/oa/api/auth/') && a.kind === 'public') throw new Error(`路由 ${route.url} 位于 /api/auth 下却声明为公开`);
  });

  app.addHook('preValidation', async (req) => {
    const a: Access | undefined = req.routeOptions.config?.access;
    if (!a || a.kind === 'public') return;
    const token = bearer(req);
    if (!token) throw unauthorized('请先登录');
    const device = req.headers['auth-device'];
    const c = await checkSession(ctx, token, typeof device === 'string' ? device : null);
    if (!c.ok) {
      if (c.reason === 'idle' && c.session) await revokeSession(db, c.session.id, nowIso(), 'idle');
      throw unauthorized(REFUSED[c.reason]);
    }
    const s = c.session;
    if (Date.now() - Date.parse(s.last_seen_at) > TOUCH_EVERY_MS) {
      const at = nowIso();
      await touchSession(db, s.id, at);
      sessionTouched(ctx, token, at);
    }

    const { user, roles, roleCodes, isAdmin, platforms, password, versions } = c;
    const isApplicant = isOutsideApplicant(platforms);
    req.auth = {
      user,
      sessionId: s.id,
      roles,
      roleCodes,
      isAdmin,
      platforms,
      isApplicant,
      isUnitContact: isUnitContact(platforms),
      can: async (p) => can({ isAdmin, permissions: isAdmin ? [] : await c.permissions() }, p),
      permissionCodes: c.permissions,
      password,
      sessionKind: s.kind,
      versions,
    };
    const kind = ACCOUNT_KINDS.find((k) => k.is(req.auth!) && !k.reaches(a, `${req.method} ${req.routeOptions.url}`));
    if (kind) {
      await auditEvent(db, req, {
        action: 'permission.denied',
        target: `${req.method} ${req.routeOptions.url}`,
        result: 'denied',
        detail: kind.detail,
      });
      throw forbidden(kind.refusal);
    }
    if (a.kind === 'permission') await requirePermission(req, a.permission);
  });
}

/**
 * The guard's refusal, for routes whose permission depends on the request (e.g. unpublished apps need
 * sys_app): audited as 'permission.denied' and answered 403 exactly like a route's declared permission.
 */
export async function requirePermission(req: FastifyRequest, permission: string): Promise<void> {
  if (!req.auth) throw unauthorized('请先登录');
  if (await req.auth.can(permission)) return;
  await auditEvent(req.server.ctx.db, req, {
    action: 'permission.denied',
    target: `${req.method} ${req.routeOptions.url}`,
    result: 'denied',
    detail: { permission },
  });
  throw forbidden(`没有访问权限（需要功能权限：${permission}）`);
}
