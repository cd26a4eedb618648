import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { AppConfig } from '../src/config';
import { buildApp, type BuiltApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/db/seed/seed';
import type { Dialect } from '../src/db/database';
import { DB_PREFIX, dropPgDatabase, pgUrlOf, withPgAdmin, type TemplateRun } from './test-databases';
import { pgTemplate, sqliteTemplate, testConfig } from './seeded-templates';
import { passSecondStep } from './two-factor-kit';
import { ErrorCode } from '@oa/shared/contract/envelope';
import { signedHeaders } from './signed-headers';

export { PG_URL, testDialects } from './test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's seeded databases (test/global-setup.ts) */
    oaTemplates: TemplateRun;
  }
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

let sqliteImage: Buffer | undefined;

/** A copy of the run's seeded database: an in-memory SQLite image, or a new PostgreSQL database made from the template. */
async function seededCopy(dialect: Dialect): Promise<{ databaseUrl?: string; sqliteImage?: Buffer; drop?: () => Promise<void> }> {
  const run = inject('oaTemplates');
  if (dialect === 'sqlite') {
    sqliteImage ??= fs.readFileSync(await sqliteTemplate(run));
    return { sqliteImage };
  }
  const template = await pgTemplate(run);
  const name = `${DB_PREFIX}_${randomBytes(6).toString('hex')}`;
  await withPgAdmin((c) => c.query(`create database ${name} template ${template}`));
  return { databaseUrl: pgUrlOf(name), drop: () => dropPgDatabase(name) };
}

/**
 * A fresh app on a fresh copy of the seeded demo database (in-memory SQLite or a new PostgreSQL database): the run
 * migrates and seeds once per dialect (test/global-setup.ts); each app then starts on its copy as a restarted
 * server would.
 */
export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
  opts: { logStream?: NodeJS.WritableStream; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  // an app on a database another app already uses (a second instance: an existing SQLite file, a named
  // PostgreSQL database): no copy of its own
  const shared =
    (dialect === 'sqlite' && overrides.sqliteFile !== undefined && fs.existsSync(overrides.sqliteFile)) ||
    (dialect === 'postgres' && overrides.databaseUrl !== undefined);
  const copy: Awaited<ReturnType<typeof seededCopy>> = shared ? {} : await seededCopy(dialect);
  const config = testConfig({ databaseUrl: copy.databaseUrl, ...overrides });
  // a SQLite file named in the overrides: the seeded copy is written there (a backup needs a file, not memory)
  const onDisk = dialect === 'sqlite' && config.sqliteFile !== ':memory:' && !shared;
  if (onDisk) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(config.sqliteFile, copy.sqliteImage!);
  }
  const built = await buildApp(config, {
    logger: opts.logStream ? undefined : false,
    logStream: opts.logStream,
    sqliteImage: onDisk ? undefined : copy.sqliteImage,
    onRoute: opts.onRoute,
  });
  const app: FastifyInstance = built.app;
  await app.ready();

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(await signedHeaders(url, opts.token, config)), ...opts.headers };
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
    if (res.body.code === ErrorCode.SECOND_FACTOR_REQUIRED) return passSecondStep(built.ctx.db, call, res.body.data);
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
      await copy.drop?.();
    },
  };
}

/** A file copy of the run's seeded SQLite database (for several app instances on one database). */
export async function sqliteFileCopy(dir: string): Promise<string> {
  const file = path.join(dir, 'oa.db');
  fs.copyFileSync(await sqliteTemplate(inject('oaTemplates')), file);
  return file;
}
