import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';

/** The first worksheet of an .xlsx file: the header's texts (row 1) and every non-empty row's values, by row number. */
type FirstSheet<C = ExcelJS.CellValue> =
  { ok: true; header: string[]; rows: Array<{ row: number; cells: C[] }> } | { ok: false; reason: 'invalid' | 'empty' | 'tooMany' };

/**
 * Reads the first worksheet of an .xlsx file in a worker thread (issue 18): loading a workbook of 10,000 rows takes
 * about a second of CPU that would otherwise hold the event loop, and every request with it. The whole workbook is
 * loaded (exceljs' streaming reader breaks a multi-byte character that falls on a chunk boundary: exceljs#2063).
 * `tooMany` when there are more than `maxRows` non-empty rows below the header. A row has a cell per header column:
 * its value, or with `texts` its displayed text, trimmed (`readFirstSheetTexts`).
 */
export function readFirstSheet(buf: Buffer, maxRows: number): Promise<FirstSheet> {
  return read(buf, maxRows, false);
}

export function readFirstSheetTexts(buf: Buffer, maxRows: number): Promise<FirstSheet<string>> {
  return read(buf, maxRows, true);
}

function read<C>(buf: Buffer, maxRows: number, texts: boolean): Promise<FirstSheet<C>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-rows.worker.mjs', import.meta.url), { workerData: { buf, maxRows, texts } });
    worker.once('message', (answer: FirstSheet<C>) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`xlsx worker exited with ${code}`)));
  });
}
