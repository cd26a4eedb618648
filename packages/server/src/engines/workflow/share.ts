import { SignJWT, jwtVerify } from 'jose';

const AUDIENCE = 'oa-wf-share';
const TTL_S = 30 * 24 * 3600;

/** A read-only link to a definition diagram (/workflow/kk), HS256 with the app's JWT key, 30 days. */
export async function signShareToken(key: Uint8Array, definitionId: string): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(Date.now() / 1000) + TTL_S;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(definitionId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

export async function verifyShareToken(key: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
