import type { SessionUser } from '@oa/shared/contract/auth';
import { ROLE_DEFAULT } from '@oa/shared/constants';
import type { AppContext } from './context';
import type { SessionTable } from '../db/schema/system';
import { findSessionWithUser, isAdminRoles, loadRoles, loadRolesAndPlatforms } from './identity.repository';
import { verifySessionToken } from './tokens';
import { MINUTE } from '../lib/time';

type SessionRow = SessionTable;

/** Why a token does not stand for a live session. */
export type SessionRefusal = 'invalid' | 'expired' | 'idle' | 'device' | 'disabled';

export type SessionCheck =
  { ok: true; session: SessionRow; user: SessionUser } | { ok: false; reason: SessionRefusal; session?: SessionRow };

/**
 * The one rule of session validity, for the guard (plugins/auth.ts) and tokens given outside the
 * Authorization header: valid signature, session not revoked, within its absolute lifetime and its idle
 * timeout, bound device (when the session has one) and an active account. Changes nothing.
 */
export async function checkSession(ctx: AppContext, token: string, deviceId?: string | null): Promise<SessionCheck> {
  const claims = await verifySessionToken(ctx.jwtKey, token);
  if (!claims) return { ok: false, reason: 'invalid' };
  const hit = await findSessionWithUser(ctx.db, claims.sid);
  const s = hit?.session;
  const now = Date.now();
  if (!s || s.user_code !== claims.sub || s.revoked_at) return { ok: false, reason: 'invalid' };
  if (Date.parse(s.expires_at) <= now) return { ok: false, reason: 'expired', session: s };
  if (Date.parse(s.last_seen_at) + ctx.config.idleTimeoutMin * MINUTE <= now) return { ok: false, reason: 'idle', session: s };
  if (deviceId !== undefined && s.device_id && deviceId !== s.device_id) return { ok: false, reason: 'device', session: s };
  const found = hit.found;
  if (!found || found.status !== 'Y') return { ok: false, reason: 'disabled', session: s };
  return { ok: true, session: s, user: found.user };
}

/** Everyone holds the default role's baseline (home tabs, personal centre, address book, messages). */
export async function roleCodesOf(ctx: AppContext, userCode: string) {
  const roles = await loadRoles(ctx.db, userCode);
  const roleCodes = [...new Set([...roles.map((r) => r.roleCode), ROLE_DEFAULT])];
  return { roles, roleCodes, isAdmin: isAdminRoles(roleCodes) };
}

/** roleCodesOf and the user's platforms, read in one query (the session guard's hot path). */
export async function rolesAndPlatformsOf(ctx: AppContext, userCode: string) {
  const { roles, platforms } = await loadRolesAndPlatforms(ctx.db, userCode);
  const roleCodes = [...new Set([...roles.map((r) => r.roleCode), ROLE_DEFAULT])];
  return { roles, roleCodes, isAdmin: isAdminRoles(roleCodes), platforms };
}

export interface TokenSession {
  userCode: string;
  sessionId: string;
  roleCodes: string[];
  isAdmin: boolean;
}

/**
 * Resolves a bearer token given outside the Authorization header (the `wtoken` of an image address used
 * in <img src>) by the rule of checkSession; answers null otherwise and never extends the session.
 */
export async function sessionOfToken(ctx: AppContext, token: string | undefined | null): Promise<TokenSession | null> {
  if (!token) return null;
  const c = await checkSession(ctx, token);
  if (!c.ok) return null;
  const { roleCodes, isAdmin } = await roleCodesOf(ctx, c.session.user_code);
  return { userCode: c.session.user_code, sessionId: c.session.id, roleCodes, isAdmin };
}
