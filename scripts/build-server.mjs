// Compiles the server (and the shared package it imports) into one ES module, packages/server/dist/main.mjs, and the
// commands (backup, data re-key, audit verification, administrators' initialisation) into dist/*-cli.mjs, so that production runs JavaScript rather than compiling TypeScript at every start. npm packages stay outside the bundle
// (node_modules is there at run time); the worker threads' plain .mjs files are copied beside it, since the code
// finds them next to itself (`new URL('./x.worker.mjs', import.meta.url)`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');
const outdir = path.join(server, 'dist');
export const serverMain = path.join(outdir, 'main.mjs');
export const backupCli = path.join(outdir, 'backup-cli.mjs');
export const dataRekeyCli = path.join(outdir, 'data-rekey-cli.mjs');
export const auditVerifyCli = path.join(outdir, 'audit-verify-cli.mjs');
export const adminInitCli = path.join(outdir, 'admin-init-cli.mjs');

/** The newest modification time below `dir` (builds, tests' data and node_modules left out). */
export function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'e2e') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Whether a source of the server (or of the shared package) is newer than dist/main.mjs, or there is none. */
export function serverIsStale() {
  const sources = Math.max(newest(path.join(server, 'src')), newest(path.join(root, 'packages/shared/src')));
  return !fs.existsSync(serverMain) || fs.statSync(serverMain).mtimeMs < sources;
}

/** Bare imports other than our own workspace packages are left to Node's resolution at run time. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@oa/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'backup-cli': path.join(server, 'src/backup-cli.ts'),
      'data-rekey-cli': path.join(server, 'src/data-rekey-cli.ts'),
      'audit-verify-cli': path.join(server, 'src/audit-verify-cli.ts'),
      'admin-init-cli': path.join(server, 'src/admin-init-cli.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    tsconfig: path.join(server, 'tsconfig.json'),
    plugins: [npmPackagesOutside],
    logLevel: 'warning',
  });
  const workers = findWorkers(path.join(server, 'src'));
  const names = new Set(workers.map((w) => path.basename(w)));
  if (names.size !== workers.length) throw new Error('two worker files share a name: they would overwrite each other in dist/');
  for (const worker of workers) fs.copyFileSync(worker, path.join(outdir, path.basename(worker)));
}

function findWorkers(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return findWorkers(p);
    return e.name.endsWith('.worker.mjs') ? [p] : [];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
