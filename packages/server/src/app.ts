import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import type * as ioredis from 'ioredis';
import { z } from 'zod';
import { productionProblems, type AppConfig } from './config';
import type { AppContext } from './core/context';
import { openDatabase, type DbHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadFieldKeys } from './core/crypto/field-keys';
import { backupBeforeUpgrade } from './core/backup/backup-upgrade';
import { ensureRecordFieldIndexes } from './db/record-field-indexes';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limit';
import { consoleSmsProvider, httpSmsProvider } from './core/identity/sms-provider';
import { registerErrorHandler } from './plugins/errors';
import { loggerOptions, requestIdOf } from './lib/log-options';
import { registerObservability } from './plugins/observability';
import { createMetrics } from './core/metrics';
import { registerSignature } from './plugins/signature';
import { registerSecurityHeaders, swaggerUiCsp } from './plugins/security-headers';
import { registerAuth } from './plugins/auth';
import { registerQueryText } from './plugins/query-text';
import { describeAccess, type Access } from './plugins/access';
import { FEATURE_ROUTES } from './routes';
import { configValueOnce } from './core/system.repository';
import { createEventBus } from './core/event-bus';
import { workflowEngine } from './engines/workflow/instance.service';
import { recordLifecycle } from './engines/records/records.lifecycle';
import { registerStore } from './engines/records/register.store';
import { MODULE_HOOKS, REGISTER_HOOKS } from './modules/registry';
import { lazyRequire } from './lib/lazy-require';
import { desktopPages } from './lib/desktop-page';
import { phonePages } from './lib/phone-page';

const loadIoredis = lazyRequire<typeof ioredis>('ioredis');

z.config(z.locales.zhCN());

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  handle: DbHandle;
}

/** The JWT key: OA_JWT_SECRET, else one generated once and kept in the database (shared by every instance). */
async function jwtKeyFor(handle: DbHandle, config: AppConfig): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  return new TextEncoder().encode(await configValueOnce(handle.db, 'jwt_secret', randomBytes(32).toString('hex')));
}

/**
 * The records and workflow engines, each built once before any route registers. Neither imports the
 * other: they meet in ctx (core/ports/workflow-port.ts), which is complete before it is handed out. Module homes
 * reach the registers through ctx.registers (core/ports/register-port.ts), and the records engine runs their hooks
 * from ctx.hooks (core/ports/module-hooks.ts).
 */
function composeEngines(base: Omit<AppContext, 'workflow' | 'records' | 'registers' | 'hooks'>): AppContext {
  const ctx = base as AppContext;
  ctx.hooks = { modules: MODULE_HOOKS, registers: REGISTER_HOOKS };
  ctx.workflow = workflowEngine({ ctx, bus: ctx.events });
  ctx.records = recordLifecycle(ctx);
  ctx.registers = registerStore(ctx);
  return ctx;
}

/** Trusts the nearest `n` hops of X-Forwarded-For (fastify's own rule for a numeric trustProxy). */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

/** How long the app's plugins and start-up hooks may take before a start is given up. */
const START_UP_TIMEOUT_MS = 15 * 60_000;

/** `sqliteImage`: the SQLite database to open in memory, a database file's bytes (tests: a copy of the seeded one). */
export async function buildApp(
  config: AppConfig,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream; sqliteImage?: Buffer; onRoute?: (route: RouteOptions) => void } = {},
): Promise<BuiltApp> {
  const problems = productionProblems(config);
  if (problems.length) throw new Error(`生产环境（NODE_ENV=production）拒绝以开发默认配置启动：\n- ${problems.join('\n- ')}`);
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    sqliteImage: opts.sqliteImage,
    readers: config.dbReaders,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  await backupBeforeUpgrade(config, handle);
  const fieldKeys = loadFieldKeys(config);
  await migrateToLatest(handle, [], fieldKeys.keys);
  await ensureRecordFieldIndexes(handle.db, handle.dialect);
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: 2 * 1024 * 1024,
    // OA_TRUST_PROXY: off by default (X-Forwarded-For ignored); a hop count or the proxies' addresses when configured.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: requestIdOf,
    // the start-up back-fills (onReady hooks, core/search/backfill-on-ready.ts) run about a second each before the
    // server listens, then go on in the background; this bounds a start that hangs (the step statistics' back-fill ran
    // whole before listening until migration 135: 15 s on PostgreSQL at 186,028 handled tasks, past Fastify's 10 s)
    pluginTimeout: START_UP_TIMEOUT_MS,
  });
  // an observer of every route as it registers (tests walk them all: test/app-routes.ts)
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  const redis = config.redisUrl ? new (loadIoredis().Redis)(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  // a Redis that is down: structured warnings (the health check answers 503), not ioredis' own console lines
  redis?.on('error', (e: unknown) => app.log.warn({ err: e }, 'redis'));
  const ctx = composeEngines({
    config,
    db: handle.db,
    dialect: handle.dialect,
    rateLimiter: redis ? redisRateLimiter(redis) : memoryRateLimiter(),
    sms: process.env.OA_SMS_HTTP_URL
      ? httpSmsProvider(process.env.OA_SMS_HTTP_URL, process.env.OA_SMS_HTTP_KEY)
      : consoleSmsProvider(handle.db, (m) => app.log.info(m)),
    jwtKey: await jwtKeyFor(handle, config),
    fieldKeys: fieldKeys.keys,
    events: createEventBus(config.redisUrl, (e) => app.log.warn({ err: e }, 'event bus')),
    lifecycles: new Map(),
    metrics: createMetrics(() => handle.poolState()),
    ...(redis ? { redisPing: () => redis.ping() } : {}),
  });
  app.decorate('ctx', ctx);
  if (fieldKeys.warning) app.log.warn(fieldKeys.warning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerObservability(app, ctx.metrics, config.metricsToken);
  await registerSecurityHeaders(app);
  // gzip/brotli for API answers over 1 KB (the event stream is hijacked and never compressed);
  // the web app's static files are served pre-compressed (registerWeb).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // multipart/form-data for every upload route; the file size limit is config.uploadMaxBytes (OA_UPLOAD_MAX_BYTES).
  // preservePath keeps the name as sent, so that '../x' is refused rather than silently cut to 'x'.
  await app.register(fastifyMultipart, {
    preservePath: true,
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 50, fieldSize: 1024 * 1024, parts: 100, headerPairs: 100 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '协会办公平台 API',
        version: config.version,
        description: '所有接口返回 { code, message, data }，code 0 为成功。/api/auth/** 需要登录（Bearer 令牌）与请求签名。',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      const a = (args.route?.config as { access?: Access } | undefined)?.access;
      if (a)
        out.schema = {
          ...out.schema,
          description: `访问：${describeAccess(a)}${out.schema.description ? `\n\n${out.schema.description}` : ''}`,
        };
      return out;
    },
  });
  // the API documentation: on in development, off in production unless OA_API_DOCS=on
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/oa/api-docs', ...swaggerUiCsp });

  registerSignature(app);
  registerQueryText(app);
  registerAuth(app);
  for (const routes of FEATURE_ROUTES) await app.register(routes);
  registerWeb(app, config);

  app.addHook('onClose', async () => {
    await ctx.rateLimiter.close();
    await ctx.events.close();
    await handle.close();
  });
  return { app, ctx, handle };
}

/** Serves the built web app at /oa/ with history-mode fallback to index.html. */
function registerWeb(app: FastifyInstance, config: AppConfig): void {
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/oa/'));
  app.get('/oa', { schema: { hide: true } }, (_req, reply) => reply.redirect('/oa/'));
  const index = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/oa/', { schema: { hide: true } }, (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build'),
    );
    return;
  }
  // No route per file (`serve: false`: a route each for some 900 files cost half a second at every start); the one
  // route below sends a file by the plugin's `sendFile`, which keeps to `root`, and index.html for every page path.
  app.register(fastifyStatic, {
    root: config.webDist,
    serve: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, file) =>
      res.raw.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  // each page's first screen put in by address: 首页's (issue 35) and the phone app's (issue 34, its own page; an older
  // build without it: index.html)
  const texts = { siteTitle: config.siteTitle, supportPhone: config.supportPhone };
  const desktopPage = desktopPages(fs.readFileSync(index, 'utf8'), texts);
  const phoneIndex = path.join(config.webDist, 'm', 'index.html');
  const phonePage = fs.existsSync(phoneIndex) ? phonePages(fs.readFileSync(phoneIndex, 'utf8'), texts) : null;
  app.get('/oa/*', { schema: { hide: true } }, (req, reply) => {
    const p = req.url.split('?')[0];
    if (p.startsWith('/oa/api/') || p.startsWith('/oa/api-docs'))
      return reply.code(404).send({ code: 404, message: `资源不存在：${p}`, data: null });
    if (/\.[a-z0-9]{1,16}$/i.test(p)) return reply.sendFile((req.params as { '*': string })['*']);
    const page = phonePage && (p === '/oa/m' || p.startsWith('/oa/m/')) ? phonePage(p.slice('/oa/m'.length)) : desktopPage(p);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
