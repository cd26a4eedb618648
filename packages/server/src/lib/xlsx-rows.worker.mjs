// The worker of lib/xlsx-rows.ts (plain JavaScript, so that it loads in a worker thread without a TypeScript
// loader): loads the workbook, answers its first sheet's header texts and non-empty rows (a FirstSheet), each
// cell as its value or, with `texts`, as its displayed text, trimmed.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const isBlank = (c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

async function read(buf, maxRows, texts) {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 1) return { ok: false, reason: 'empty' };
  const first = ws.getRow(1);
  const header = Array.from({ length: first.cellCount }, (_, i) => first.getCell(i + 1).text.trim());
  while (header.length && header[header.length - 1] === '') header.pop();
  const rows = [];
  for (let n = 2; n <= ws.rowCount; n++) {
    const row = ws.getRow(n);
    const cells = header.map((_, i) => (texts ? row.getCell(i + 1).text.trim() : row.getCell(i + 1).value));
    if (cells.every(isBlank)) continue;
    rows.push({ row: n, cells });
    if (rows.length > maxRows) return { ok: false, reason: 'tooMany' };
  }
  return { ok: true, header, rows };
}

const { buf, maxRows, texts } = workerData;
parentPort.postMessage(await read(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), maxRows, texts));
