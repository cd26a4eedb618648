import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Dialect } from '../src/db/database';

export const PG_URL = process.env.OA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Names of this run's databases start with it (OA_TEST_DB_PREFIX tells apart the runs sharing one server). */
export const DB_PREFIX = process.env.OA_TEST_DB_PREFIX ?? 'oa_t';

/** One vitest run's seeded databases (test/global-setup.ts): built by the first test app that needs one, then copied. */
export interface TemplateRun {
  /** names the run's PostgreSQL template */
  runId: string;
  /** holds the SQLite template and the build locks */
  dir: string;
}

export function newTemplateRun(): TemplateRun {
  return { runId: randomBytes(4).toString('hex'), dir: fs.mkdtempSync(path.join(os.tmpdir(), `${DB_PREFIX}-tpl-`)) };
}

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

/** A postgres:// URL of `database` on the test server. */
export function pgUrlOf(database: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` with a client of the test server's maintenance database. */
export async function withPgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Waits until a database has no connection left. pg's pool.end() resolves before its sockets have closed: wait for
 * them rather than terminating them (a terminated client of a closed app would surface as an uncaught error).
 */
export async function untilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function dropPgDatabase(name: string): Promise<void> {
  await withPgAdmin(async (c) => {
    await untilUnused(c, name);
    await c.query(`drop database if exists ${name} with (force)`);
  });
}

export const pgTemplateName = (run: TemplateRun) => `${DB_PREFIX}_tpl_${run.runId}`;

/** Removes what the run built. */
export async function dropTemplates(run: TemplateRun): Promise<void> {
  if (fs.existsSync(path.join(run.dir, 'postgres.lock'))) await dropPgDatabase(pgTemplateName(run));
  fs.rmSync(run.dir, { recursive: true, force: true });
}
