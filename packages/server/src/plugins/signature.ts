import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signaturePayload } from '@oa/shared/crypto/signature';
import { badRequest } from '../lib/errors';

const WINDOW_MS = 5 * 60_000;

/**
 * Verifies auth-appid / auth-timestamp / auth-signature on every API call
 * (OA_SIGNATURE=enforce|log|off). Routes declared `public({ unsigned: true })` are exempt.
 *
 * What this is, honestly: anti-automation and clock sanity, NOT a security boundary. The secret is
 * public by design — every browser receives it from clientConfig — so anyone can sign any request; it
 * binds only path + timestamp, so a signature is valid for any method, query and body within ±5 min.
 * It grants nothing: who may do what is decided by the session token and the route's permission alone.
 * Integrity and confidentiality in transit come from TLS.
 */
export function registerSignature(app: FastifyInstance): void {
  const { signature: mode, signAppId, signSecret } = app.ctx.config;
  if (mode === 'off') return;
  app.addHook('onRequest', async (req) => {
    const a = req.routeOptions.config?.access;
    if (!a || (a.kind === 'public' && a.unsigned)) return;
    const problem = check(req.headers, req.url.split('?')[0], signAppId, signSecret);
    if (!problem) return;
    if (mode === 'log') {
      req.log.warn({ problem }, 'request signature problem (OA_SIGNATURE=log)');
      return;
    }
    throw badRequest(problem, 'auth-signature');
  });
}

function header(h: Record<string, string | string[] | undefined>, name: string): string {
  const v = h[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

function check(
  h: Record<string, string | string[] | undefined>,
  pathname: string,
  appId: string,
  secret: string,
  now = Date.now(),
): string | null {
  const reqAppId = header(h, 'auth-appid');
  const ts = header(h, 'auth-timestamp');
  const sig = header(h, 'auth-signature');
  if (!reqAppId || !ts || !sig) return '缺少请求签名（auth-appid、auth-timestamp、auth-signature）';
  if (reqAppId !== appId) return '应用标识 auth-appid 无效';
  if (!/^\d{10,16}$/.test(ts)) return '请求时间戳 auth-timestamp 格式不正确';
  if (Math.abs(now - Number(ts)) > WINDOW_MS) return '请求时间戳已过期，请校准本机时间后重试';
  const expected = createHmac('sha256', secret)
    .update(signaturePayload(pathname, ts, appId))
    .digest();
  let given: Buffer;
  try {
    given = Buffer.from(sig, 'base64');
  } catch {
    return '请求签名 auth-signature 无效';
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return '请求签名 auth-signature 无效';
  return null;
}
