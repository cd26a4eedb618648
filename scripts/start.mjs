// `npm start`: build the web app and the server when their sources are newer than their builds, then run the
// compiled server (JavaScript: nothing is compiled at start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, newest, serverIsStale, serverMain } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const distIndex = path.join(web, 'dist/index.html');

const shared = newest(path.join(root, 'packages/shared/src'));
const sources = Math.max(newest(path.join(web, 'src')), shared, fs.statSync(path.join(web, 'index.html')).mtimeMs);
if (!fs.existsSync(distIndex) || fs.statSync(distIndex).mtimeMs < sources) {
  process.stdout.write('正在构建前端…\n');
  const b = spawnSync('npm', ['run', 'build', '-w', '@oa/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

if (serverIsStale()) {
  process.stdout.write('正在构建服务端…\n');
  await buildServer();
}

const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
