/** What both bench runners share: the signed headers, logins, the server process and one autocannon run. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hashPassword } from '../packages/shared/src/crypto/sm3';
import { ErrorCode } from '../packages/shared/src/contract/error-codes';
import { totpCode } from '../packages/server/src/core/identity/totp';
import { DEMO_TOTP_SECRETS } from '../packages/shared/src/access/demo-two-factor';
import { signedHeaders } from '../packages/server/test/signed-headers';
import { spawnServer, waitForHealth } from '../packages/server/test/server-process';
import type { BenchScenario } from './scenario';
// @ts-expect-error the build script is plain JavaScript
import { buildServer } from '../scripts/build-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function headersFor(pathname: string, token: string | null): Promise<Record<string, string>> {
  return { 'content-type': 'application/json', ...(await signedHeaders(pathname, token)) };
}

export async function login(base: string, username: string): Promise<string> {
  const p = '/oa/api/base/browserLogin';
  const res = await fetch(base + p, {
    method: 'POST',
    headers: await headersFor(p, null),
    body: JSON.stringify({ username, password: hashPassword('Oa@123456') }),
  });
  const json = (await res.json()) as { code: number; data: { token: string; challenge?: string } };
  if (json.code === ErrorCode.SECOND_FACTOR_REQUIRED) return secondStep(base, username, json.data.challenge!);
  if (json.code !== 0) throw new Error(`bench login ${username} failed`);
  return json.data.token;
}

/**
 * The second step of a demo account enrolled in two factors (the seed's secret). A code is taken once: when this
 * step's was used by an earlier login, the next step's (one step of drift is accepted), else wait for the next step.
 */
async function secondStep(base: string, username: string, challenge: string): Promise<string> {
  const secret = DEMO_TOTP_SECRETS[username];
  if (!secret) throw new Error(`bench login ${username}: two factors without a demo secret`);
  const p = '/oa/api/base/login/secondStep';
  for (let round = 0; round < 3; round++) {
    for (const ahead of [0, 30_000]) {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: await headersFor(p, null),
        body: JSON.stringify({ challenge, method: 'totp', code: totpCode(secret, Date.now() + ahead) }),
      });
      const json = (await res.json()) as { code: number; message: string; data: { token: string } };
      if (json.code === 0) return json.data.token;
      if (!json.message.includes('已使用')) throw new Error(`bench login ${username}: ${json.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_500 - (Date.now() % 30_000)));
  }
  throw new Error(`bench login ${username}: every code was already used`);
}

let serverBuilt = false;

/** Starts the real server as production runs it (compiled, `npm start`'s build step; SQLite in `dataDir`, or
 * PostgreSQL at `databaseUrl`) and waits until /health answers. */
export async function startServer(port: number, dataDir: string, databaseUrl = ''): Promise<ChildProcess> {
  if (!serverBuilt) await (buildServer as () => Promise<void>)();
  serverBuilt = true;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/x" to profile a run
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_STDOUT: a file that gets the server's standard output (what --trace-gc prints, say), per port
  const out = process.env.BENCH_SERVER_STDOUT ? fs.openSync(`${process.env.BENCH_SERVER_STDOUT}.${port}`, 'a') : 'ignore';
  const server = spawnServer(
    {
      PORT: String(port),
      OA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OA_LOGIN_RATE_PER_MIN: '100000000',
      OA_LOGIN_CAPTCHA: 'off',
      DATABASE_URL: databaseUrl,
    },
    { nodeArgs: extra, stdio: ['ignore', out, 'inherit'] },
  );
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, server, 120_000);
  } catch (e) {
    server.kill('SIGTERM');
    throw e;
  }
  return server;
}

/** Milliseconds from spawning the server on an existing database to its first /health answer: the median of `runs`. */
export async function startupMs(port: number, dataDir: string, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const server = await startServer(port, dataDir);
    times.push(performance.now() - t0);
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export interface Measured {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  bad: number;
}

/**
 * Autocannon keeps every response's body as a string (`body += chunk`: each chunk decoded as UTF-8 and joined) for
 * `verifyBody` / `expectBody`, which the bench never uses. For a 2 MB answer that decoding is the client's main cost
 * (3–18 ms of CPU a response, more than the server's) on the same cores as the server: the bench would measure
 * its own client. The bytes are still read and framed by its HTTP parser (Content-Length, chunks), counted and timed;
 * only the copy into a string is dropped. What one answer holds is checked once beforehand (run-scale's `answerRows`).
 * BENCH_KEEP_BODIES=1 keeps autocannon's own way (to see what it costs).
 */
function discardBodies(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (typeof queue?.addBody !== 'function') throw new Error('autocannon changed: pipelinedRequests.addBody is gone');
  queue.addBody = () => {};
}

/** One scenario at `connections` for `duration` seconds (or `amount` requests); p50/p95/p99 from every response's time (autocannon itself reports p90 and p97.5, no p95). */
export async function measure(
  base: string,
  s: BenchScenario,
  token: string | null,
  connections: number,
  duration: number,
  amount?: number,
): Promise<Measured> {
  const qs = s.query ? `?${new URLSearchParams(s.query)}` : '';
  const latencies: number[] = [];
  const headers = { ...(await headersFor(s.path, token)), ...s.headers };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + s.path + qs,
        method: s.method ?? 'GET',
        duration,
        connections,
        amount,
        timeout: 120,
        headers,
        body: s.body === undefined ? undefined : JSON.stringify(s.body),
        setupClient: process.env.BENCH_KEEP_BODIES ? undefined : discardBodies,
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
  return {
    reqPerSec: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

export function table(head: string[], rows: string[][]): string {
  return `\n| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`;
}

export const machine = (what: string) =>
  `机器：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，${(os.totalmem() / 2 ** 30).toFixed(0)} GiB，Node ${process.version}，负载 ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}，${what}\n`;
