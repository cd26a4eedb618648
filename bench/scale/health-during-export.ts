/**
 * /health while one large export downloads (issue 35: p99 ≤ 50 ms during a 50,000-row export): one /health after
 * another on its own connection for the whole export, each answer's time kept. Used by run-scale.ts (the scale
 * table's line) and export-large.ts (its column).
 */
import { headersFor } from '../harness';

const R = '/oa/api/auth/oa/records';
/** The 50,000 rows of 话费台账 in the scale data set (50,000 × factor). */
export const LARGE_EXPORT = { name: '话费台账 全部 (50,000 行)', path: `${R}/office_tel/export`, query: {} as Record<string, string> };
export const HEALTH_P99_TARGET_MS = 50;
export const RATIO_TARGET = 0.3;

export interface HealthSample {
  /** /health answers during the work */
  n: number;
  p50: number;
  p99: number;
  worst: number;
}

/** The q-quantile of sorted times. */
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/** Runs `work` while asking /health one request after another; the answers' times. */
export async function healthWhile<T>(base: string, work: () => Promise<T>): Promise<{ result: T; secs: number; health: HealthSample }> {
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${base}/oa/api/base/health`).catch(() => null);
      await res?.arrayBuffer();
      times.push(performance.now() - t);
    }
  })();
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, secs: (performance.now() - t0) / 1000, health: sampleOf(times) };
  } finally {
    done = true;
    await probe;
  }
}

function sampleOf(times: number[]): HealthSample {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), worst: sorted.at(-1) ?? NaN };
}

/** Downloads an export to nothing: its size in bytes. */
export async function download(base: string, token: string, e: { name: string; path: string; query: Record<string, string> }) {
  const url = new URL(base + e.path);
  for (const [k, v] of Object.entries(e.query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: await headersFor(e.path, token) });
  if (!res.ok || !res.body) throw new Error(`${e.name}: HTTP ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** The line of the scale table: /health during the 50,000-row export, beside its target. */
export async function healthDuringLargeExport(base: string, token: string): Promise<{ text: string; p99: number }> {
  const { secs, result: bytes, health: h } = await healthWhile(base, () => download(base, token, LARGE_EXPORT));
  const verdict = h.p99 <= HEALTH_P99_TARGET_MS ? '达标' : '未达标';
  const text =
    `${LARGE_EXPORT.name} 导出中（${secs.toFixed(1)} s，${(bytes / 1048576).toFixed(1)} MB）/health ×1：${h.n} 次，` +
    `p50 ${h.p50.toFixed(1)} ms，p99 ${h.p99.toFixed(1)} ms（目标 ≤ ${HEALTH_P99_TARGET_MS} ms，${verdict}），最长 ${h.worst.toFixed(0)} ms\n`;
  return { text, p99: h.p99 };
}
