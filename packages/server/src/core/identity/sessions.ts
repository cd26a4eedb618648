import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { insertSession } from './identity.repository';
import { signSessionToken } from './tokens';
import { HOUR, isoAfter, nowIso } from '../../lib/time';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  deviceId?: string | null;
}

/** Opens a session row and returns its bearer token. */
export async function openSession(ctx: AppContext, userCode: string, kind: 'web' | 'device' | 'sso', client: ClientInfo): Promise<string> {
  return (await openSessionWithId(ctx, userCode, kind, client)).token;
}

/** openSession, also naming the session row (for what a way of signing in keeps per session). */
export async function openSessionWithId(
  ctx: AppContext,
  userCode: string,
  kind: 'web' | 'device' | 'sso',
  client: ClientInfo,
): Promise<{ token: string; sessionId: string }> {
  const id = randomBytes(18).toString('base64url');
  const ttlMs = ctx.config.absoluteTimeoutH * HOUR;
  const at = nowIso();
  await insertSession(ctx.db, {
    id,
    user_code: userCode,
    kind,
    device_id: client.deviceId ?? null,
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 255) ?? null,
    created_at: at,
    last_seen_at: at,
    expires_at: isoAfter(ttlMs),
    revoked_at: null,
    revoke_reason: null,
  });
  return { token: await signSessionToken(ctx.jwtKey, { sub: userCode, sid: id }, Math.ceil(ttlMs / 1000)), sessionId: id };
}
