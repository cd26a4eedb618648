// Writes a workbook on a thread of lib/xlsx-write.ts' pool (issue 35): plain JavaScript, like xlsx-rows.worker.mjs, so
// that it loads in a worker thread without a TypeScript loader. The rows arrive over `port` a chunk at a time; the
// workbook's bytes go back over it as exceljs' streaming writer makes them, and each chunk is acknowledged once its
// rows are committed, so the other side sends the next one only when it is ready for it (memory stays bounded).
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The port's messages in order, as a function answering the next one; a closed port reads as an abort. */
function inbox(port) {
  const queued = [];
  let waiting;
  const take = (m) => (waiting ? (waiting(m), (waiting = undefined)) : queued.push(m));
  port.on('message', take);
  port.on('close', () => take({ abort: true }));
  return () => (queued.length ? Promise.resolve(queued.shift()) : new Promise((resolve) => (waiting = resolve)));
}

async function write(spec, port) {
  const nextMessage = inbox(port);
  const out = new Writable({
    write(chunk, _encoding, done) {
      port.postMessage({ bytes: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) });
      done();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = '协会办公平台';
  const ws = wb.addWorksheet(spec.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map(({ header, key, width }) => ({ header, key, width }));
  spec.columns.forEach((c, i) => {
    if (c.numFmt) ws.getColumn(i + 1).numFmt = c.numFmt;
  });
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (;;) {
    const msg = await nextMessage();
    if (msg.abort) return;
    if (msg.end) break;
    for (const r of msg.rows) ws.addRow(r).commit();
    port.postMessage({ ack: true });
  }
  ws.commit();
  await wb.commit();
  await new Promise((resolve) => (out.writableFinished ? resolve() : out.once('finish', resolve)));
  port.postMessage({ done: true });
}

/** One task of the pool (piscina): the sheet's spec and the port its rows and bytes travel through. */
export default async ({ spec, port }) => {
  try {
    await write(spec, port);
  } catch (e) {
    port.postMessage({ error: String(e?.message ?? e) });
  } finally {
    port.close();
  }
};
