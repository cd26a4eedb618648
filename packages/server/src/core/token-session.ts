import { ROLE_DEFAULT } from '@oa/shared/constants';
import type { AppContext } from './context';
import { findSession, findUserRow, isAdminRoles, loadRoles } from './identity.repository';
import { verifySessionToken } from './tokens';
import { MINUTE } from '../lib/time';

export interface TokenSession { userCode: string; sessionId: string; roleCodes: string[]; isAdmin: boolean }

/**
 * Resolves a bearer token given outside the Authorization header (the `wtoken` of an image address used
 * in <img src>): valid signature, session not revoked, within its lifetime and idle timeout, account
 * active. Answers null otherwise; never extends the session.
 */
export async function sessionOfToken(ctx: AppContext, token: string | undefined | null): Promise<TokenSession | null> {
  if (!token) return null;
  const claims = await verifySessionToken(ctx.jwtKey, token);
  if (!claims) return null;
  const s = await findSession(ctx.db, claims.sid);
  const now = Date.now();
  if (!s || s.user_code !== claims.sub || s.revoked_at) return null;
  if (Date.parse(s.expires_at) <= now || Date.parse(s.last_seen_at) + ctx.config.idleTimeoutMin * MINUTE <= now) return null;
  const user = await findUserRow(ctx.db, s.user_code);
  if (!user || user.status !== 'Y') return null;
  const roleCodes = [...new Set([...(await loadRoles(ctx.db, s.user_code)).map((r) => r.roleCode), ROLE_DEFAULT])];
  return { userCode: s.user_code, sessionId: s.id, roleCodes, isAdmin: isAdminRoles(roleCodes) };
}
