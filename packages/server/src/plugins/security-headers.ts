import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * Security headers on every answer (app, API, docs), those of @fastify/helmet (computed once, helmetHeaders):
 * - Content-Security-Policy: scripts only from this origin (the built app has no inline script);
 *   styles also inline, because antd's CSS-in-JS injects <style> elements at run time; images also
 *   data:/blob: (captcha SVGs, avatars being cropped, QR codes); no plugins, no framing, forms only here.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: same-origin, X-Frame-Options: DENY,
 *   Cross-Origin-Opener-Policy / Resource-Policy: same-origin.
 * - Strict-Transport-Security only on answers served over TLS (https directly or, with OA_TRUST_PROXY,
 *   X-Forwarded-Proto from the proxy): a plain-HTTP development server does not pin browsers to https.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'same-origin' as const },
  frameguard: { action: 'deny' as const },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers @fastify/helmet writes with HELMET_OPTIONS, read once from a throwaway instance: they depend on
 * the options alone (no nonces), so every answer gets the same set and helmet need not rebuild its middleware
 * (CSP parsing included) on every request, which cost about 5 % of a small answer's CPU (issue 18).
 */
export async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  let captured: Record<string, string> = {};
  probe.addHook('onRequest', async (_req, reply) => {
    captured = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([k, v]) => [k, String(v)]));
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!captured['content-security-policy']) throw new Error('security headers: helmet wrote no Content-Security-Policy');
  return captured;
}

const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = Object.entries(await helmetHeaders());
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (req.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
    done();
  });
}

/**
 * Swagger UI's own CSP (its static files carry no inline script), with framing forbidden like everything
 * else; its React UI sets inline styles, so style-src allows them (as for the app).
 */
export const swaggerUiCsp = {
  staticCSP: true,
  transformStaticCSP: (header: string) =>
    header
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
      .replace(/style-src 'self'[^;]*;/, "style-src 'self' 'unsafe-inline';")
      .replace(' upgrade-insecure-requests;', ''),
};
