import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { hashPassword } from '@oa/shared/crypto/sm3';
import type { AnyData } from './harness';
import { signedHeaders } from './signed-headers';

/** The compiled server, as `npm start` runs it; vitest's global setup builds it when its sources are newer. */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '../dist/main.mjs');

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

/** Spawns dist/main.mjs with `env` over this process's environment; `nodeArgs` go before it (profiling flags, say). */
export function spawnServer(env: Record<string, string>, o: { nodeArgs?: string[]; stdio?: StdioOptions } = {}): ChildProcess {
  return spawn(process.execPath, [...(o.nodeArgs ?? []), '--enable-source-maps', SERVER_MAIN], {
    env: { ...process.env, ...env },
    stdio: o.stdio ?? ['ignore', 'ignore', 'pipe'],
  });
}

/** Resolves once `base` answers /health; throws when the process exits first or `timeoutMs` passes. */
export async function waitForHealth(base: string, proc: ChildProcess, timeoutMs = 90_000, why = () => ''): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited while starting: ${why()}`);
    try {
      if ((await fetch(`${base}/oa/api/base/health`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error(`server did not start: ${why()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function startServer(o: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const proc = spawnServer({
    NODE_ENV: 'test',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    OA_DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    OA_LOGIN_CAPTCHA: 'after-failures',
    ...o.env,
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString('utf8')).slice(-4000)));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${o.port}`;
  const call: ServerProcess['call'] = async (method, p, body, token) => {
    const res = await fetch(base + p, {
      method,
      headers: { 'content-type': 'application/json', ...(await signedHeaders(p, token)) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: AnyData };
  };
  await waitForHealth(base, proc, 90_000, () => stderr);
  const gone = () => proc.exitCode !== null || proc.signalCode !== null;
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
      if (!gone()) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone()) proc.kill('SIGTERM');
      return exited;
    },
  };
}
