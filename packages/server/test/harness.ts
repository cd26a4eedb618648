import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { signRequest } from '@oa/shared/crypto/signature';
import { loadConfig, type AppConfig } from '../src/config';
import { buildApp, type BuiltApp } from '../src/app';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/seed';
import type { Dialect } from '../src/db/database';

const PG_URL = process.env.OA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function pgAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * The dialects the integration suites run on: SQLite always; PostgreSQL when it answers,
 * and always under CI=true (where an unreachable server fails the run instead of being skipped).
 */
export async function testDialects(): Promise<Dialect[]> {
  if (process.env.CI === 'true') return ['sqlite', 'postgres'];
  return (await pgAnswers()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary payloads
export type AnyData = any;

export interface TestApp extends BuiltApp {
  config: AppConfig;
  /** signed request (like the web client); `token` adds the bearer header */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; token?: string | null; headers?: Record<string, string>; query?: Record<string, string> },
  ): Promise<{ status: number; headers: Record<string, unknown>; body: { code: number; message: string; data: AnyData }; raw: Buffer }>;
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A fresh app on a fresh database (in-memory SQLite or a new PostgreSQL database), seeded with the demo data. */
export async function createTestApp(dialect: Dialect, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | null = null;
  if (dialect === 'postgres') {
    const name = `${process.env.OA_TEST_DB_PREFIX ?? 'oa_t'}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed: wait for them rather than terminating
      // them (a terminated client of the closed app would surface as an uncaught error in the test run).
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({ OA_DATA_DIR: `/tmp/oa-test-${randomBytes(4).toString('hex')}` } as NodeJS.ProcessEnv, {
    // every test request comes from one address: the per-IP login rate is raised so suites may log in often
    databaseUrl,
    sqliteFile: ':memory:',
    loginCaptcha: 'after-failures',
    loginRatePerMin: 100_000,
    logLevel: 'silent',
    ...overrides,
  });
  const built = await buildApp(config, { logger: false });
  await seedDemo(built.ctx.db);
  const app: FastifyInstance = built.app;
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const ts = String(Date.now());
    const pathname = url.split('?')[0];
    const headers: Record<string, string> = {
      'auth-appid': config.signAppId,
      'auth-timestamp': ts,
      'auth-signature': await signRequest(config.signSecret, pathname, ts, config.signAppId),
      'auth-source': 'web',
      'auth-device': 'pc',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    };
    const res = await app.inject({
      method,
      url,
      headers,
      query: opts.query,
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });
    let body: { code: number; message: string; data: AnyData };
    try {
      body = res.json();
    } catch {
      body = { code: -1, message: res.body, data: null };
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res.rawPayload };
  };
  const login: TestApp['login'] = async (username, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/oa/api/base/browserLogin', { body: { username, password: hashPassword(password) } });
    if (res.body.code !== 0) throw new Error(`login ${username} failed: ${res.body.message}`);
    return res.body.data.token as string;
  };
  return {
    ...built,
    config,
    call,
    login,
    close: async () => {
      await app.close();
      if (dropDb) await dropDb();
    },
  };
}
