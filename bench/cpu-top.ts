/**
 * Reads a `node --cpu-prof` profile and prints the functions with the most self time and the most total
 * (inclusive) time: `node --import tsx bench/cpu-top.ts <file.cpuprofile> [rows=30] [filter]`.
 * Profile a bench run with BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>" (bench/harness.ts).
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/cpu-top.ts <file.cpuprofile> [rows] [filter]');
const rows = Number(rowsArg ?? 30);
const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (n: ProfileNode) => {
  const url = n.callFrame.url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '~/')
    .replace(/.*packages\//, '');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const incl = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  self.set(label(n), (self.get(label(n)) ?? 0) + us);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue; // recursion counts once
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + us);
  }
}
const show = (title: string, m: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)\n`);
  [...m]
    .filter(([l]) => !filter || l.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .forEach(([l, us]) => process.stdout.write(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${l}\n`));
};
show('self time', self);
show('total time', incl);
