import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleRef, SessionUser } from '@oa/shared/contract/auth';
import { ROLE_DEFAULT } from '@oa/shared/constants';
import { forbidden, unauthorized } from '../lib/errors';
import { nowIso, MINUTE } from '../lib/time';
import { verifySessionToken } from '../core/tokens';
import { writeAudit } from '../core/audit';
import {
  findSession, isAdminRoles, loadPermissionCodes, loadRoles, loadUserWithStatus, revokeSession, touchSession,
} from '../core/identity.repository';
import type { Access } from './access';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
  roles: RoleRef[];
  roleCodes: string[];
  isAdmin: boolean;
  /** loads (once per request) and checks a permission */
  can(permission: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const TOUCH_EVERY_MS = MINUTE;

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
  const { db, config, jwtKey } = app.ctx;
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
    const claims = await verifySessionToken(jwtKey, token);
    if (!claims) throw unauthorized('登录已失效，请重新登录');
    const s = await findSession(db, claims.sid);
    const now = Date.now();
    if (!s || s.user_code !== claims.sub || s.revoked_at) throw unauthorized('登录已失效，请重新登录');
    if (Date.parse(s.expires_at) <= now) throw unauthorized('登录已超时，请重新登录');
    if (Date.parse(s.last_seen_at) + config.idleTimeoutMin * MINUTE <= now) {
      await revokeSession(db, s.id, nowIso(), 'idle');
      throw unauthorized('长时间未操作，请重新登录');
    }
    if (s.device_id && req.headers['auth-device'] !== s.device_id) throw unauthorized('设备与登录凭证不符，请重新登录');
    const found = await loadUserWithStatus(db, s.user_code);
    if (!found || found.status !== 'Y') throw unauthorized('账号已停用，请联系管理员');
    if (now - Date.parse(s.last_seen_at) > TOUCH_EVERY_MS) await touchSession(db, s.id, nowIso());

    const user = found.user;
    const roles = await loadRoles(db, s.user_code);
    // Everyone holds the default role's baseline (home tabs, personal centre, address book, messages).
    const roleCodes = [...new Set([...roles.map((r) => r.roleCode), ROLE_DEFAULT])];
    const isAdmin = isAdminRoles(roleCodes);
    let perms: Promise<Set<string>> | null = null;
    req.auth = {
      user, sessionId: s.id, roles, roleCodes, isAdmin,
      can: async (p) => isAdmin || (await (perms ??= loadPermissionCodes(db, roleCodes))).has(p),
    };
    if (a.kind === 'permission' && !(await req.auth.can(a.permission))) {
      await writeAudit(db, req, { action: 'permission.denied', target: `${req.method} ${req.routeOptions.url}`, result: 'denied', detail: { permission: a.permission } });
      throw forbidden(`没有访问权限（需要功能权限：${a.permission}）`);
    }
  });
}
