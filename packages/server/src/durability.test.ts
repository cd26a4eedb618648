import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { signRequest } from '@oa/shared/crypto/signature';

/** The real server process (as `npm start` runs it) on a temporary SQLite data directory. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-durable-'));
const PORT = 18700 + Math.floor(Math.random() * 200);
const BASE = `http://127.0.0.1:${PORT}`;

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, PORT: String(PORT), OA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
}

/** Start-up of the whole app under tsx takes seconds on a loaded 2-core machine: wait up to 90 s. */
async function up(): Promise<void> {
  for (let i = 0; i < 450; i++) {
    try {
      if ((await fetch(`${BASE}/oa/api/base/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function call(method: string, p: string, body: unknown, token?: string) {
  const ts = String(Date.now());
  const res = await fetch(BASE + p, {
    method,
    headers: {
      'content-type': 'application/json',
      'auth-appid': 'oa-web',
      'auth-timestamp': ts,
      'auth-signature': await signRequest('oa-dev-sign-secret', p, ts, 'oa-web'),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { token: string } | null };
}

const exited = (p: ChildProcess) => new Promise<number | null>((r) => p.once('exit', (code) => r(code)));

describe('the server process', () => {
  let proc: ChildProcess | null = null;
  afterAll(() => {
    proc?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an acknowledged write across kill -9, and stops cleanly on SIGTERM', async () => {
    proc = start();
    await up();
    const login = await call('POST', '/oa/api/base/browserLogin', { username: 'staff', password: hashPassword('Oa@123456') });
    expect(login.code).toBe(0);
    const changed = await call(
      'PUT',
      '/oa/api/auth/base/system/changePassword',
      { userCode: 'staff', oldPassword: hashPassword('Oa@123456'), password: hashPassword('Durable@2026') },
      login.data!.token,
    );
    expect(changed.code).toBe(0);
    const killed = exited(proc);
    proc.kill('SIGKILL');
    await killed;

    proc = start();
    await up();
    expect((await call('POST', '/oa/api/base/browserLogin', { username: 'staff', password: hashPassword('Durable@2026') })).code).toBe(0);
    expect((await call('POST', '/oa/api/base/browserLogin', { username: 'staff', password: hashPassword('Oa@123456') })).code).toBe(1001);

    const stopped = exited(proc);
    proc.kill('SIGTERM');
    expect(await stopped).toBe(0);
    proc = null;
  }, 240_000);
});
