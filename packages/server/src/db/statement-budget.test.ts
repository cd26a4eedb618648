import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';
import { registerErrorHandler } from '../plugins/errors';
import type { Db, Dialect } from './database';

const DIALECTS = await testDialects();
const HEALTH = '/oa/api/base/health';
const USERINFO = '/oa/api/auth/base/system/userinfo/get';

/** A read of seconds: a recursive CTE on SQLite (rows all along), a sleep on PostgreSQL; `endless` runs for minutes. */
const slowRead = (db: Db, dialect: Dialect, endless = false) =>
  dialect === 'sqlite'
    ? sql`with recursive k(n) as (select 1 union all select n + 1 from k where n < ${endless ? 2_000_000_000 : 5_000_000})
        select n from k where n % 1000 = 0`.execute(db)
    : sql`select pg_sleep(${endless ? 120 : 2})`.execute(db);

describe.each(DIALECTS)('one slow read delays only itself, and a read past its budget answers 503 (issue 35) on %s', (dialect) => {
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  /** An app on a database file (SQLite: reads on reader threads, as in production). */
  const onFile = async (statementTimeoutMs?: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-budget-'));
    dirs.push(dataDir);
    const t = await createTestApp(dialect, {
      dataDir,
      sqliteFile: path.join(dataDir, 'oa.db'),
      ...(statementTimeoutMs ? { statementTimeoutMs } : {}),
    });
    apps.push(t);
    return t;
  };
  let free: TestApp;
  let budgeted: TestApp;
  // the first app of a run migrates and seeds the template: longer than a test's time
  beforeAll(async () => {
    free = await onFile(120_000); // the slow read of seconds stays inside its budget also on a loaded machine
    budgeted = await onFile(1_500);
  }, 180_000);
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('answers /health, a login and an authenticated read while a slow read is still running', async () => {
    const t = free;
    let slowDone = false;
    const slow = slowRead(t.app.ctx.db, dialect).then(() => (slowDone = true));
    await new Promise((r) => setTimeout(r, 50)); // the slow read has begun
    const health = await t.call('GET', HEALTH);
    expect([health.status, health.body.data.status]).toEqual([200, 'ok']);
    const admin = await t.login('admin');
    expect((await t.call('GET', USERINFO, { token: admin })).body.code).toBe(0);
    expect(slowDone).toBe(false);
    await slow;
    expect(slowDone).toBe(true);
  }, 60_000); // seconds of CPU on purpose: more on a loaded machine

  it('answers a read past the budget with HTTP 503 查询超时, and the next requests as usual', async () => {
    const t = budgeted;
    // the error handler of the app, on a route that runs the endless read on the app's database
    const probe = Fastify({ logger: false });
    registerErrorHandler(probe);
    probe.get('/slow', async () => {
      await slowRead(t.app.ctx.db, dialect, true);
      return { code: 0 };
    });
    try {
      const answers = await Promise.all([probe.inject('/slow'), probe.inject('/slow')]);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ code: 503, message: '查询超时，请缩小查询范围后重试', data: null });
      }
    } finally {
      await probe.close();
    }
    expect((await t.call('GET', HEALTH)).body.data.status).toBe('ok');
    const admin = await t.login('admin');
    expect((await t.call('GET', USERINFO, { token: admin })).body.code).toBe(0);
  });
});
