import path from 'node:path';
import { execFile } from 'node:child_process';

export const REPO = path.resolve(import.meta.dirname, '../../..');

export interface CliOutcome {
  code: number;
  out: string;
  err: string;
}

/**
 * A command-line tool of the server (`npm run backup`, `npm run data:rekey`, …) in its own process, configured by the
 * environment: the compiled command, as production runs it (vitest's global setup builds it with the server).
 */
export const runCli = (script: string, args: string[], env: Record<string, string>) =>
  new Promise<CliOutcome>((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', path.join(REPO, 'packages/server/dist', script.replace(/\.ts$/, '.mjs')), ...args],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 120_000 },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
