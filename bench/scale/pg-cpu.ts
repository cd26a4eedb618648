/**
 * The CPU seconds PostgreSQL spends for one database (the generator's, run-scale.ts): on a shared machine the wall
 * time of a load moves with the others' work, its CPU time much less. The server runs on this machine (the bench's
 * 127.0.0.1): every backend of the database (pg_stat_activity, autovacuum included) is read from /proc/<pid>/stat
 * once a second, and each backend's last reading is summed, so a connection closed in between loses at most its last
 * second. Undefined when /proc cannot be read (another machine's server).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../packages/server/src/db/database';

const TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds, or null when it is gone or not readable. */
function cpuOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS; // fields 14 and 15 of the line
  } catch {
    return null;
  }
}

export interface CpuMeter {
  /** CPU seconds of the database's backends since start, or undefined if /proc showed none of them. */
  stop(): Promise<number | undefined>;
}

export function pgCpuMeter(db: Db): CpuMeter {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = async () => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
    for (const { pid } of rows) {
      const cpu = cpuOf(pid);
      if (cpu === null) continue;
      // a backend first seen now started during the load (its whole time counts) unless it is seen at the start
      if (!last.has(pid)) first.set(pid, started ? 0 : cpu);
      last.set(pid, cpu);
    }
  };
  let started = false;
  let sampling: Promise<void> = sample().then(() => void (started = true));
  const timer = setInterval(() => (sampling = sampling.then(sample).catch(() => undefined)), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample().catch(() => undefined);
      if (last.size === 0) return undefined;
      let sum = 0;
      for (const [pid, cpu] of last) sum += cpu - (first.get(pid) ?? 0);
      return sum;
    },
  };
}
