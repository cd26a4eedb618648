import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { freePort } from '../../../test/server-process';
import { HAS_REDIS, REDIS_URL } from '../../../test/test-redis';

// The database half of the answer runs on both dialects in plugins/observability.test.ts; Redis is the same for both.
describe.skipIf(!HAS_REDIS)('health with Redis configured (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('answers ok while Redis answers, and 503 "down" (never a hang) when it does not', async () => {
    const up = await createTestApp('sqlite', { redisUrl: REDIS_URL });
    apps.push(up);
    const fine = await up.call('GET', '/oa/api/base/health');
    expect(fine.status).toBe(200);
    expect(fine.body.data).toMatchObject({ status: 'ok', database: 'ok', redis: 'ok' });

    const consoleError = vi.spyOn(console, 'error');
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => (log += c.toString()));
    const down = await createTestApp(
      'sqlite',
      { redisUrl: `redis://127.0.0.1:${await freePort()}`, logLevel: 'warn' },
      { logStream: stream },
    );
    apps.push(down);
    const started = Date.now();
    const answer = await down.call('GET', '/oa/api/base/health');
    expect(answer.status).toBe(503);
    expect(answer.body.data).toMatchObject({ status: 'down', database: 'ok', redis: 'down' });
    expect(Date.now() - started).toBeLessThan(5000);
    // said in the structured log, not by ioredis on the console
    expect(log).toMatch(/"level":40,.*"msg":"redis"/);
    expect(consoleError.mock.calls.filter((c) => String(c[0]).includes('[ioredis]'))).toEqual([]);
    consoleError.mockRestore();
  });
});
