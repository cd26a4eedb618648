// `npm test`: type-check (one job a package) and the web build side by side, then the unit and integration suites,
// then the end-to-end specs (which serve that build). Lint starts at once beside them, at a lower priority: it is
// needed only by the end, and takes the time the suites leave (waiting on PostgreSQL, on the browser): about 3 minutes of
// CPU, most of it the type information of the typed rules (TIMING=1 charges a rule with the type checking it is the
// first to ask for), so its long wall time at the lower priority costs the suites little. A failed stage
// stops the run before the next stage (a failed lint too, once it is known); the end of the log names every stage's
// outcome and time, and the failed unit tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const started = Date.now();
/** Each finished job: its name, whether it passed, its seconds. */
const outcomes = [];

/**
 * Runs a job; a side-by-side job (`quiet`) has its output held and printed whole when it ends. `nice` lowers its
 * priority (POSIX only). Resolves with the exit code.
 */
function run(name, command, args, { quiet = false, nice = false } = {}) {
  const [cmd, argv] = nice && process.platform !== 'win32' ? ['nice', ['-n', '10', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(cmd, argv, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (quiet) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(out));
      const seconds = Math.round((Date.now() - t0) / 1000);
      const passed = code === 0;
      outcomes.push({ name, passed, seconds });
      console.log(`\n[npm test] ${name}: ${passed ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

const script = (name, args = []) => run(name, npm, ['run', name, ...(args.length ? ['--', ...args] : [])]);

const lint = run('lint', npm, ['run', 'lint'], { quiet: true, nice: true });
let lintCode = null;
void lint.then((code) => (lintCode = code));

const first = await Promise.all([
  ...['shared', 'server', 'web'].map((p) => run(`typecheck ${p}`, npx, ['tsc', '-p', `packages/${p}`, '--noEmit'], { quiet: true })),
  run('build', npm, ['run', 'build'], { quiet: true }),
]);
if (first.some((code) => code !== 0)) await finish(1);
if (lintCode) await finish(1);

// The unit run also writes a JSON report, so a failure is named again at the very end of the log (CI keeps its tail).
const unitReport = path.join(tmpdir(), `assoc-oa-vitest-${process.pid}.json`);
const unit = await script('test:unit', ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
if (unit !== 0) await finish(unit, () => printFailures(unitReport));
fs.rmSync(unitReport, { force: true });
if (lintCode) await finish(1);

const e2e = await script('test:e2e');
await finish(e2e);

/** Waits for lint, prints the stages' outcomes (and `more`), and exits: non-zero when anything failed. */
async function finish(code, more = () => {}) {
  if (lintCode === null) {
    if (code !== 0) console.log('[npm test] waiting for lint to finish…');
    await lint;
  }
  console.log(`[npm test] stages (${Math.round((Date.now() - started) / 1000)} s in all):`);
  for (const o of outcomes) console.log(`- ${o.name}: ${o.passed ? 'passed' : 'FAILED'} in ${o.seconds} s`);
  more();
  process.exit(code !== 0 || lintCode !== 0 ? code || 1 : 0);
}

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
