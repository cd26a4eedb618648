import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * Security headers on every answer (app, API, docs), by @fastify/helmet:
 * - Content-Security-Policy: scripts only from this origin (the built app has no inline script);
 *   styles also inline, because antd's CSS-in-JS injects <style> elements at run time; images also
 *   data:/blob: (captcha SVGs, avatars being cropped, QR codes); no plugins, no framing, forms only here.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: same-origin, X-Frame-Options: DENY,
 *   Cross-Origin-Opener-Policy / Resource-Policy: same-origin.
 * - Strict-Transport-Security only on answers served over TLS (https directly or, with OA_TRUST_PROXY,
 *   X-Forwarded-Proto from the proxy): a plain-HTTP development server does not pin browsers to https.
 */
export const CSP_DIRECTIVES = {
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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
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
