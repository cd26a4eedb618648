import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { signRequest } from '@oa/shared/crypto/signature';
import type { AnyData } from '../harness';

const MAIN = path.join(import.meta.dirname, '../../src/main.ts');

/** A real server process (`npm start`) on an existing database: a SQLite file in `dataDir` or `databaseUrl`. */
export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  /** SIGKILL, resolved once the process is gone */
  kill9(): Promise<void>;
  /** SIGTERM, resolved with the exit code */
  stop(): Promise<number | null>;
  call(method: string, p: string, body?: unknown, token?: string): Promise<{ code: number; message: string; data: AnyData }>;
  login(user: string): Promise<string>;
}

/** A port free at this moment (the OS's choice), for a server process to listen on. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export async function startServer(o: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      OA_DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      OA_LOGIN_CAPTCHA: 'after-failures',
      ...o.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${o.port}`;
  const call: ServerProcess['call'] = async (method, p, body, token) => {
    const ts = String(Date.now());
    const res = await fetch(base + p, {
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
    return (await res.json()) as { code: number; message: string; data: AnyData };
  };
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; ; i++) {
    if (gone) throw new Error(`server exited while starting: ${stderr}`);
    try {
      if ((await fetch(`${base}/oa/api/base/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 900) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    base,
    call,
    async login(user) {
      const r = await call('POST', '/oa/api/base/browserLogin', { username: user, password: hashPassword('Oa@123456') });
      if (r.code !== 0) throw new Error(`login ${user}: ${r.message}`);
      return r.data.token as string;
    },
    async kill9() {
      if (!gone) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) proc.kill('SIGTERM');
      return exited;
    },
  };
}
