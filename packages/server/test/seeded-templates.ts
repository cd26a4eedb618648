import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { hash } from '@node-rs/argon2';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { loadConfig, type AppConfig } from '../src/config';
import { buildApp } from '../src/app';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/seed';
import { pgTemplateName, pgUrlOf, untilUnused, withPgAdmin, type TemplateRun } from './test-databases';

/** The configuration of a test app; `OA_DATA_DIR` is a fresh temporary directory. */
/** The data keys of test apps (a test that rotates keys adds its own in front). */
export const TEST_DATA_KEYS = 't1:00112233445566778899aabbccddeeff';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig({ OA_DATA_DIR: path.join(os.tmpdir(), `oa-test-${randomBytes(4).toString('hex')}`) } as NodeJS.ProcessEnv, {
    sqliteFile: ':memory:',
    // every test request comes from one address: the per-IP login rate is raised so suites may log in often
    loginCaptcha: 'after-failures',
    loginRatePerMin: 100_000,
    logLevel: 'silent',
    // one data key for every test app: each opens a copy of the template the seed encrypted with it
    dataKeys: TEST_DATA_KEYS,
    ...overrides,
  });
}

/**
 * The demo accounts' stored password in the tests: argon2id as always, at the lowest cost (1 pass, 1 MiB) rather than
 * the server's (2 passes, 19 MiB), since verifying it is most of a login and the suites log in thousands of times. A
 * password the server stores (a new account, a change) is hashed at full cost, in the tests too.
 */
const cheapDemoPasswordHash = () => hash(hashPassword(DEMO_PASSWORD), { algorithm: 2, timeCost: 1, memoryCost: 1024 });

/** Migrates and seeds a database as the app does at start-up (the app is closed without being readied: no back-fill). */
async function seedOnce(config: AppConfig): Promise<void> {
  const { app, ctx } = await buildApp(config, { logger: false });
  await seedDemo(ctx.db, { keys: ctx.fieldKeys, passwordHash: await cheapDemoPasswordHash() });
  await app.close();
}

/**
 * Builds once per run, whichever test process asks first: it takes the lock (a directory, made atomically) and builds;
 * the others wait until `built()` says so.
 */
async function buildOnce(lock: string, built: () => boolean, build: () => Promise<void>): Promise<void> {
  try {
    fs.mkdirSync(lock);
  } catch {
    for (let i = 0; i < 3000 && !built(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!built()) throw new Error(`the seeded test database was not built (${lock}): see the first failing test`);
    return;
  }
  await build();
}

/** The run's seeded SQLite database file, a standalone file (no WAL) that each app reads into memory. */
export async function sqliteTemplate(run: TemplateRun): Promise<string> {
  const file = path.join(run.dir, 'template.db');
  await buildOnce(
    path.join(run.dir, 'sqlite.lock'),
    () => fs.existsSync(file),
    async () => {
      const building = path.join(run.dir, 'building.db');
      await seedOnce(testConfig({ sqliteFile: building }));
      const db = new SQLite(building);
      db.pragma('journal_mode = DELETE');
      db.close();
      fs.renameSync(building, file);
    },
  );
  return file;
}

/** The run's seeded PostgreSQL database, which no one may connect to: `create database … template` copies it. */
export async function pgTemplate(run: TemplateRun): Promise<string> {
  const name = pgTemplateName(run);
  const ready = path.join(run.dir, 'postgres.ready');
  await buildOnce(
    path.join(run.dir, 'postgres.lock'),
    () => fs.existsSync(ready),
    async () => {
      await withPgAdmin((c) => c.query(`create database ${name}`));
      await seedOnce(testConfig({ databaseUrl: pgUrlOf(name) }));
      await withPgAdmin(async (c) => {
        await untilUnused(c, name);
        await c.query(`alter database ${name} allow_connections false`);
      });
      fs.writeFileSync(ready, '');
    },
  );
  return name;
}
