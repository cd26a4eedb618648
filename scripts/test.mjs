// `npm test`: lint, type-check and the web build side by side (each keeps about one core busy), then the unit and
// integration suites, then the end-to-end specs (which serve that build). Stops at the first stage that fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; a side-by-side job's output is held and printed whole when it ends. */
function run(script, { quiet = false, args = [] } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
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
// The unit run also writes a JSON report, so a failure is named again at the very end of the log (CI keeps its tail).
const unitReport = path.join(tmpdir(), `assoc-oa-vitest-${process.pid}.json`);
const unit = await run('test:unit', { args: ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`] });
if (unit !== 0) {
  printFailures(unitReport);
  process.exit(unit);
}
fs.rmSync(unitReport, { force: true });
const e2e = await run('test:e2e');
if (e2e !== 0) process.exit(e2e);

/** Names each failed test of vitest's JSON report with the first lines of its error. */
function printFailures(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log('[npm test] failed unit tests:');
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && suite.status === 'failed') console.log(`- ${where}: ${firstLines(suite.message)}`);
    for (const t of failed) console.log(`- ${where} › ${t.fullName}: ${firstLines((t.failureMessages ?? []).join('\n'))}`);
  }
}

function firstLines(text = '') {
  return text.split('\n').slice(0, 6).join('\n    ');
}
