import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../core/metrics';

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The request id travels end to end: taken from the proxy's X-Request-ID (lib/log-options.ts), on every log line of
 * the request, and answered in X-Request-ID. Every answer is counted and timed under its route pattern (never the
 * raw path, so ids do not multiply the series).
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? '(未匹配)';
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.requestSeconds.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  // on the app's own port only with a token (OA_METRICS_TOKEN); otherwise use OA_METRICS_LISTEN (an internal address)
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
    if (!sameSecret(given, token)) return reply.code(401).send({ code: 401, message: '需要监控令牌', data: null });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** OA_METRICS_LISTEN=host:port: the figures on their own listener (bind it to an internal address), no token. */
export async function startMetricsListener(metrics: Metrics, listen: string): Promise<http.Server> {
  const at = listen.lastIndexOf(':');
  const host = at > 0 ? listen.slice(0, at) : '127.0.0.1';
  const port = Number(listen.slice(at + 1));
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}
