import { SignJWT, jwtVerify } from 'jose';

interface SessionClaims {
  sub: string;
  sid: string;
}

/** Verified claims with the token's expiry (ms since the epoch; Infinity when the token has none). */
interface VerifiedClaims extends SessionClaims {
  exp: number;
}

/** Signs the bearer token of a session (HS256); the session row is what really counts. */
export async function signSessionToken(key: Uint8Array, claims: SessionClaims, ttlSeconds: number, audience = 'oa'): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key);
}

export async function verifySessionToken(key: Uint8Array, token: string, audience = 'oa'): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, exp: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
  } catch {
    return null;
  }
}
