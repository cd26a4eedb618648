import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { freePort, startServer, type ServerProcess } from '../test/server-process';

/** The real server process (as `npm start` runs it) on a temporary SQLite data directory. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-durable-'));

describe('the server process', () => {
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.kill9();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an acknowledged write across kill -9, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    server = await startServer({ port, dataDir });
    const token = await server.login('staff');
    const changed = await server.call(
      'PUT',
      '/oa/api/auth/base/system/changePassword',
      { userCode: 'staff', oldPassword: hashPassword('Oa@123456'), password: hashPassword('Durable@2026') },
      token,
    );
    expect(changed.code).toBe(0);
    await server.kill9();

    server = await startServer({ port, dataDir });
    expect(
      (await server.call('POST', '/oa/api/base/browserLogin', { username: 'staff', password: hashPassword('Durable@2026') })).code,
    ).toBe(0);
    expect((await server.call('POST', '/oa/api/base/browserLogin', { username: 'staff', password: hashPassword('Oa@123456') })).code).toBe(
      1001,
    );

    expect(await server.stop()).toBe(0);
    server = null;
  }, 240_000);
});
