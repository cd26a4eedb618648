import http from 'node:http';
import { createECDH, createPublicKey, randomBytes, type ECDH } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { jwtVerify, type JWTPayload } from 'jose';
import type { PushPayload } from '@oa/shared/contract/notify-push';

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager makes them. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** PushSubscription.toJSON().keys */
  json: { p256dh: string; auth: string };
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the decrypted payload, or the decryption error */
  payload: PushPayload | null;
  error: string | null;
  /** the VAPID token's claims, verified with the server's public key */
  vapid: JWTPayload | null;
}

/** The public key of a VAPID Authorization header (`vapid t=<jwt>, k=<key>`), as a KeyObject. */
function vapidKey(k: string) {
  const raw = Buffer.from(k, 'base64url');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

/**
 * A push service on a local port (HTTP): it checks the VAPID token against the key it carries, decrypts the body
 * (aes128gcm, RFC 8291) with the browser's private key and auth secret of the path's subscription, and answers
 * what `answer(path, n)` says (201 by default; 410: the subscription is gone).
 */
export async function pushFarEnd(answer: (path: string, n: number) => number = () => 201) {
  const keys = new Map<string, BrowserKeys>();
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '/';
        const r: Received = { path, headers: req.headers, payload: null, error: null, vapid: null };
        try {
          const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(req.headers.authorization ?? '');
          if (!m) throw new Error('no VAPID authorization');
          const origin = `http://${req.headers.host}`;
          r.vapid = (await jwtVerify(m[1], vapidKey(m[2]), { audience: origin })).payload;
          r.vapid = { ...r.vapid, k: m[2] };
          const k = keys.get(path);
          if (!k) throw new Error(`no subscription at ${path}`);
          const plain = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: k.ecdh, authSecret: k.auth });
          r.payload = JSON.parse(plain.toString('utf8')) as PushPayload;
        } catch (e) {
          r.error = e instanceof Error ? e.message : String(e);
        }
        received.push(r);
        const n = received.filter((x) => x.path === path).length;
        res.statusCode = r.error ? 400 : answer(path, n);
        res.end(r.error ?? '');
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    received,
    /** a new browser subscription whose endpoint is `path` on this service */
    subscribe(path: string) {
      const k = browserKeys();
      keys.set(path, k);
      return { endpoint: `http://${host}${path}`, keys: k.json };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
