import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { PLATFORM_OPTIONS } from '@oa/shared/contract/admin';
import { userInfo } from '@oa/shared/contract/auth';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { ok } from '../../lib/reply';
import type { AuthContext } from '../../plugins/auth';
import { grantedFunctions, passwordExpiry } from './auth.service';

const PLATFORM_NAMES = new Map<string, string>(PLATFORM_OPTIONS.map((p) => [p.value, p.label]));

export const userInfoAnswer = envelope(userInfo);

/** At most this many sessions' answers are kept per handle (beyond, the oldest goes). */
const MAX_SESSIONS = 20_000;
const bodies = new WeakMap<Db, Map<string, { key: string; body: Buffer }>>();

/**
 * The userinfo answer of a session (issue 18: asked on every page load), serialized once and served from memory
 * while what it shows is unchanged: the key holds the request's `sys_auth_version` (user, roles, platforms,
 * grants, password columns: migrations 078 and 084), the menu version (functions) and whether the password must
 * be changed now (it ages with the clock). The body is the response schema's encoding (`userInfoAnswer`), as
 * the route's serializer writes it.
 */
export async function userInfoBody(ctx: AppContext, a: AuthContext): Promise<Buffer> {
  const status = passwordExpiry(ctx, a.password, a.sessionKind);
  const key = `${a.versions.auth}|${a.versions.menu}|${status.expired}`;
  let bySession = bodies.get(ctx.db);
  if (!bySession) bodies.set(ctx.db, (bySession = new Map()));
  const hit = bySession.get(a.sessionId);
  if (hit?.key === key && Number.isFinite(a.versions.auth)) return hit.body;
  const functions = await grantedFunctions(ctx, a.roleCodes, a.permissionCodes, a.versions.menu);
  const answer = ok({
    user: a.user,
    roles: a.roles,
    platformList: a.platforms.map((p) => ({ platformInfo: { platformCode: p, platformName: PLATFORM_NAMES.get(p) ?? p } })),
    permissions: functions.map((f) => f.funCode),
    isAdmin: a.isAdmin,
    groupCode: null,
    needChangePass: status.expired,
  });
  const body = Buffer.from(JSON.stringify(z.encode(userInfoAnswer, answer)));
  bySession.delete(a.sessionId);
  if (bySession.size >= MAX_SESSIONS) bySession.delete(bySession.keys().next().value!);
  bySession.set(a.sessionId, { key, body });
  return body;
}
