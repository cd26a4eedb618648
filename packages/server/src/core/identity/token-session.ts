import type { RoleRef, SessionUser } from '@oa/shared/contract/auth';
import { PLATFORM } from '@oa/shared/constants';
import { withDefaultRole } from '@oa/shared/access/three-admins';
import { withinPlatforms } from '@oa/shared/access/platform-functions';
import type { AppContext } from '../context';
import type { SessionTable } from '../../db/schema/system';
import {
  findSessionWithUser,
  isAdminRoles,
  loadPermissionCodes,
  loadRolesAndPlatforms,
  readRequestVersions,
  type PasswordState,
  type RequestVersions,
} from './identity.repository';
import { sessionCacheOf, type GuardEntry } from './session-cache';
import { verifySessionToken } from './tokens';
import { MINUTE } from '../../lib/time';

type SessionRow = SessionTable;

/** Why a token does not stand for a live session. */
export type SessionRefusal = 'invalid' | 'expired' | 'idle' | 'device' | 'disabled';

/** A live session: its row, user, roles and platforms; the permission codes are read once when first asked. */
interface LiveSession {
  session: SessionRow;
  user: SessionUser;
  roles: RoleRef[];
  roleCodes: string[];
  isAdmin: boolean;
  platforms: string[];
  /** the user's password state (reset by an administrator, last change) as read with the session */
  password: PasswordState;
  /** the change counters read with this check (one statement): what in-memory answers are valid under */
  versions: RequestVersions;
  permissions(): Promise<Set<string>>;
}

type SessionCheck = ({ ok: true } & LiveSession) | { ok: false; reason: SessionRefusal; session?: SessionRow };

/** The refusal of a read session, or null when it is live. */
function refusalOf(
  ctx: AppContext,
  s: SessionRow,
  status: string | null,
  deviceId: string | null | undefined,
  now: number,
): SessionRefusal | null {
  if (Date.parse(s.expires_at) <= now) return 'expired';
  if (Date.parse(s.last_seen_at) + ctx.config.idleTimeoutMin * MINUTE <= now) return 'idle';
  if (deviceId !== undefined && s.device_id && deviceId !== s.device_id) return 'device';
  if (status !== 'Y') return 'disabled';
  return null;
}

function live(ctx: AppContext, e: GuardEntry, versions: RequestVersions): { ok: true } & LiveSession {
  const { session, user, roles, roleCodes, isAdmin, platforms, password } = e;
  const permissions = () => {
    const p = (e.permissions ??= loadPermissionCodes(ctx.db, roleCodes).then((codes) => withinPlatforms(codes, platforms)));
    p.catch(() => e.permissions === p && (e.permissions = undefined));
    return p;
  };
  return { ok: true, session, user, roles, roleCodes, isAdmin, platforms, password, versions, permissions };
}

/**
 * The one rule of session validity, for the guard (plugins/auth.ts) and tokens given outside the
 * Authorization header: valid signature, session not revoked, within its absolute lifetime and its idle
 * timeout, bound device (when the session has one) and an active account. Changes nothing in the database.
 *
 * What it read is kept for seconds (core/identity/session-cache.ts) and used only to accept, while `sys_auth_version`
 * is unchanged (read on every request with the other change counters, in one statement; triggers bump it on
 * every write to sessions, users, roles, groups, grants and platforms). A refusal is always decided on a fresh
 * read.
 */
export async function checkSession(ctx: AppContext, token: string, deviceId?: string | null): Promise<SessionCheck> {
  const cache = sessionCacheOf(ctx.db);
  const versions = await readRequestVersions(ctx.db);
  const version = versions.auth;
  const hit = cache.get(token, version);
  if (hit && !refusalOf(ctx, hit.session, hit.status, deviceId, Date.now())) return live(ctx, hit, versions);

  const claims = await verifySessionToken(ctx.jwtKey, token);
  if (!claims) return { ok: false, reason: 'invalid' };
  const found = await findSessionWithUser(ctx.db, claims.sid, ctx.fieldKeys);
  const s = found?.session;
  if (!s || s.user_code !== claims.sub || s.revoked_at) return { ok: false, reason: 'invalid' };
  const reason = refusalOf(ctx, s, found.found?.status ?? null, deviceId, Date.now());
  if (reason) return { ok: false, reason, session: s };
  const { roles, platforms } = await loadRolesAndPlatforms(ctx.db, s.user_code);
  const roleCodes = withDefaultRole(roles.map((r) => r.roleCode));
  // shared by every request of the token until it changes: frozen, so no handler can alter another's view
  const entry: GuardEntry = {
    version,
    loadedAt: Date.now(),
    tokenExpiresAt: claims.exp,
    session: Object.freeze(s),
    user: Object.freeze(found.found!.user),
    status: found.found!.status,
    password: Object.freeze(found.found!.password),
    roles: Object.freeze(roles.map((r) => Object.freeze(r))) as RoleRef[],
    roleCodes: Object.freeze(roleCodes) as string[],
    isAdmin: isAdminRoles(roleCodes),
    platforms: Object.freeze(platforms) as string[],
  };
  cache.set(token, entry);
  return live(ctx, entry, versions);
}

/** The guard extended the session (last_seen_at): its cached row says so too. */
export const sessionTouched = (ctx: AppContext, token: string, at: string) => sessionCacheOf(ctx.db).touched(token, at);

/** An outside applicant: platform 19 (the applicants' area) without the OA platform. */
export const isOutsideApplicant = (platforms: readonly string[]): boolean =>
  platforms.includes(PLATFORM.FOUNDATION) && !platforms.includes(PLATFORM.OA);

/** A member unit's contact (issue 37): platform 20 (the exchange area) without the OA platform. */
export const isUnitContact = (platforms: readonly string[]): boolean =>
  platforms.includes(PLATFORM.UNIT_CONTACT) && !platforms.includes(PLATFORM.OA);

export interface TokenSession {
  userCode: string;
  sessionId: string;
  roleCodes: string[];
  isAdmin: boolean;
  isApplicant: boolean;
}

/**
 * Resolves a bearer token given outside the Authorization header (the `wtoken` of an image address used
 * in <img src>) by the rule of checkSession; answers null otherwise and never extends the session.
 */
export async function sessionOfToken(ctx: AppContext, token: string | undefined | null): Promise<TokenSession | null> {
  if (!token) return null;
  const c = await checkSession(ctx, token);
  if (!c.ok) return null;
  const { roleCodes, isAdmin, platforms } = c;
  // a member unit's contact reaches its documents only through the exchange area's own routes (issue 37)
  if (isUnitContact(platforms)) return null;
  return { userCode: c.session.user_code, sessionId: c.session.id, roleCodes, isAdmin, isApplicant: isOutsideApplicant(platforms) };
}
