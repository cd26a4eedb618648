// `npm test`: lint, type-check and the web build side by side (each keeps about one core busy), then the unit and
// integration suites, then the end-to-end specs (which serve that build). Stops at the first stage that fails.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; a side-by-side job's output is held and printed whole when it ends. */
function run(script, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (quiet) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(out));
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`\n[npm test] ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

const sideBySide = await Promise.all(['lint', 'typecheck', 'build'].map((s) => run(s, { quiet: true })));
if (sideBySide.some((code) => code !== 0)) process.exit(1);
for (const stage of ['test:unit', 'test:e2e']) {
  const code = await run(stage);
  if (code !== 0) process.exit(code);
}
