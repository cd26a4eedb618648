// `npm test`: type-check (one job a package) and the web build side by side, then the unit and integration suites and
// the end-to-end specs (which serve that build) side by side. Lint starts at once beside them, at a lower priority: it is
// needed only by the end, and takes the time the suites leave: about 3 minutes of CPU, most of it the type information
// of the typed rules (TIMING=1 charges a rule with the type checking it is the first to ask for).
// The end-to-end run is the longest stage (about 1,000 s of 1,535 in all on 2 cores) and mostly waits — on the
// browser, on the server, on pages to settle: its processes (browser and servers included) used about 106 CPU-seconds
// for 22 tests and 104 for the 7 of documents, document-out, office and seals, so during it about half of the 2 cores'
// time is idle on a quiet machine. The unit run is the opposite (its files compute, or PostgreSQL does for them). So
// the unit run starts beside the end-to-end run rather than before it, at the lower priority: it takes the CPU the
// journeys leave, and the journeys, which set the run's length, keep theirs. (On a machine loaded by others, load
// 9-17, a unit subset and an e2e subset took 324 s side by side and 322 s one after the other: no CPU was idle there.)
// A failed stage still fails the run; a failed unit run no longer stops the end-to-end run (both report), and the end
// of the log names every stage's outcome and time, and the failed unit tests.
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
// Its output is held and printed whole when it ends, so it does not interleave with the end-to-end specs' lines.
const unitReport = path.join(tmpdir(), `assoc-oa-vitest-${process.pid}.json`);
const e2eRun = script('test:e2e');
const unitArgs = ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`];
const unit = await run('test:unit', npm, ['run', 'test:unit', '--', ...unitArgs], { quiet: true, nice: true });
const e2e = await e2eRun;
if (unit !== 0) await finish(unit, () => printFailures(unitReport));
fs.rmSync(unitReport, { force: true });
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
