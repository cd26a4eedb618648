/**
 * What a large answer can reach at all on this machine, whatever the server does (issue 35, the whole address
 * book): a bare Node HTTP server in its own process answers one kept buffer — a tiny one like /health's, a JSON
 * body of the whole book's size (2.3 MB of members, Chinese text) and the same deflated — and the bench's own
 * client (`measure`, autocannon as the scale bench runs it) asks each at 1 and 100 connections. Prints req/s, the
 * share of the tiny answer's rate, and the CPU milliseconds per answer of the server process and of this client.
 *   node --import tsx bench/scale/large-answer-ceiling.ts      (BENCH_CEILING_PORT, default 18139)
 */
import fs from 'node:fs';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { measure } from '../harness';

const PORT = Number(process.env.BENCH_CEILING_PORT ?? 18139);
const SERVER = `
const http = require('node:http');
const zlib = require('node:zlib');
const member = (i) => ({ users: { sex: '男', icon: null }, usersDeptMember: { userName: '王建国' + i, userCode: 'u' + i, position: '办公室主任' },
  usersContactInfo: { room: 'A座' + (i % 500), tel: '010-6851' + String(i).padStart(4, '0'), email: 'u' + i + '@assoc.org.cn', mobile: '139****' + String(i % 10000).padStart(4, '0') } });
const whole = Buffer.from(JSON.stringify({ code: 0, message: '操作成功', data: [{ deptCode: 'D01', deptName: '办公室', member: Array.from({ length: 10000 }, (_, i) => member(i)) }] }));
const bodies = { '/tiny': Buffer.from('{"code":0,"message":"操作成功","data":{"status":"ok"}}'), '/whole': whole, '/deflated': zlib.deflateSync(whole) };
http.createServer((req, res) => {
  const b = bodies[req.url];
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': b.length });
  res.end(b);
}).listen(${PORT}, '127.0.0.1', () => process.send(Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.length]))));
`;

/** User + system CPU seconds of a process so far (Linux). */
const cpuOf = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const sizes = await new Promise<Record<string, number>>((resolve) => server.once('message', (m) => resolve(m as Record<string, number>)));
try {
  const tiny = new Map<number, number>();
  for (const p of ['/tiny', '/whole', '/deflated']) {
    for (const c of [1, 100]) {
      const s0 = cpuOf(server.pid!);
      const c0 = process.cpuUsage();
      const m = await measure(`http://127.0.0.1:${PORT}`, { name: p, path: p, auth: 'none' }, null, c, 5);
      const n = m.reqPerSec * 5;
      const own = process.cpuUsage(c0);
      if (p === '/tiny') tiny.set(c, m.reqPerSec);
      process.stdout.write(
        `${p} (${(sizes[p]! / 1024).toFixed(0)} KB) ×${c}: ${m.reqPerSec.toFixed(0)} req/s (÷ tiny ${(m.reqPerSec / tiny.get(c)!).toFixed(3)}, ` +
          `${((m.reqPerSec * sizes[p]!) / 2 ** 20).toFixed(0)} MB/s), p95 ${m.p95.toFixed(0)} ms; CPU ms per answer: server ` +
          `${(((cpuOf(server.pid!) - s0) * 1000) / n).toFixed(2)}, client ${((own.user + own.system) / 1000 / n).toFixed(2)}\n`,
      );
    }
  }
  process.stdout.write(
    `负载 ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}，${os.cpus().length} 核\n`,
  );
} finally {
  server.kill();
}
