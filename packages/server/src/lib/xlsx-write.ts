import { PassThrough } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { nextTurn } from './next-turn';

/** A sheet of an export: its name, columns (key, header, width, cell format) and the cell values of each row. */
export interface SheetSpec {
  name: string;
  columns: Array<{ header: string; key: string; width: number; numFmt?: string }>;
}
export type SheetRow = Record<string, string | number | null>;

type FromWriter = { bytes: Uint8Array } | { ack: true } | { done: true } | { error: string };

const HIGH_WATER = 1 << 20;

/**
 * The workbook writers (xlsx-write.worker.mjs): threads kept for a while after an export (loading exceljs costs a
 * thread about half a second of CPU), at most two, so a burst of exports waits its turn instead of taking every core.
 */
const pool = new Piscina({
  filename: new URL('./xlsx-write.worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: 2,
  idleTimeout: 60_000,
});

/** Resolves when the stream drains or closes (a client that went away ends the export). */
const drained = (s: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.on('drain', done);
    s.on('close', done);
  });

/**
 * Streams a workbook as its rows come (issue 35): the rows are read here, chunk by chunk, and written into the
 * workbook on a worker thread (exceljs' streaming writer: cells, XML, deflate), whose bytes come back into the answer
 * as they are made. A 50,000-row export spent seconds of CPU on the event loop before; now it spends only what it
 * takes to read and map the rows. Each chunk is sent when the writer has committed the previous one and the client
 * has read what was written: memory stays bounded whatever the row count. Nothing is cut: every row is written.
 */
export function streamWorkbook(spec: SheetSpec, chunks: AsyncIterable<SheetRow[]>): PassThrough {
  const out = new PassThrough({ highWaterMark: HIGH_WATER });
  const { port1: port, port2 } = new MessageChannel();
  let committed: (() => void) | undefined;
  const settle = () => {
    const c = committed;
    committed = undefined;
    c?.();
  };
  port.on('message', (m: FromWriter) => {
    if ('bytes' in m) out.write(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else if ('ack' in m) settle();
    else if ('done' in m) out.end();
    else {
      out.destroy(new Error(`导出文件生成失败：${m.error}`));
      settle();
    }
  });
  port.on('close', () => {
    if (!out.writableEnded) out.destroy(new Error('导出文件生成中断'));
    settle();
  });
  const writer = pool.run({ spec, port: port2 }, { transferList: [port2] as never });
  const run = async () => {
    for await (const rows of chunks) {
      if (out.destroyed) break;
      await new Promise<void>((resolve) => {
        committed = resolve;
        port.postMessage({ rows });
      });
      await nextTurn();
      while (out.writableLength > HIGH_WATER && !out.destroyed) await drained(out);
    }
    port.postMessage(out.destroyed ? { abort: true } : { end: true });
    await writer;
  };
  run().catch((err: unknown) => {
    out.destroy(err instanceof Error ? err : new Error(String(err)));
    port.close();
  });
  return out;
}
