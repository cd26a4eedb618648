import { Piscina } from 'piscina';
import type ExcelJS from 'exceljs';
import { cellAmount, cellText, isTextCell } from './xlsx-cells';

/** The first worksheet of an .xlsx file: the header's texts and every non-empty row below it, by row number. */
export type FirstSheet<C = ExcelJS.CellValue> =
  { ok: true; header: string[]; rows: Array<{ row: number; cells: C[] }> } | { ok: false; reason: 'invalid' | 'empty' | 'tooMany' };

interface SheetRow {
  row: number;
  cells: ExcelJS.CellValue[];
  /** a title or note: the row's one value is a cell merged across columns */
  spanned: boolean;
}
type WorkerAnswer = { ok: true; rows: SheetRow[]; more: boolean } | { ok: false; reason: 'invalid' | 'empty' };

/** Rows a sheet may have above its header (a title, the unit, the date it was made). */
const HEADER_SCAN = 20;

/**
 * Reads the first worksheet of an .xlsx file in a worker thread of a pool (issue 18): loading a workbook of 10,000 rows takes
 * about a second of CPU that would otherwise hold the event loop, and every request with it. The whole workbook is
 * loaded (exceljs' streaming reader breaks a multi-byte character that falls on a chunk boundary: exceljs#2063).
 * The header is the first row whose cells look like column names (`headerIndex`): title and note rows above it are
 * skipped, as are notes merged across columns below it. `tooMany` when there are more than `maxRows` data rows. A row
 * has a cell per header column: its value, or with `readFirstSheetTexts` its text (`cellText` of lib/xlsx-cells).
 */
export async function readFirstSheet(buf: Buffer, maxRows: number): Promise<FirstSheet> {
  const read = await inWorker(buf, maxRows + HEADER_SCAN);
  if (!read.ok) return read;
  const h = headerIndex(read.rows);
  if (h < 0) return { ok: false, reason: 'empty' };
  const header = read.rows[h].cells.map(cellText);
  while (header.length && header[header.length - 1] === '') header.pop();
  const rows = read.rows
    .slice(h + 1)
    .filter((r) => !r.spanned)
    .map((r) => ({ row: r.row, cells: header.map((_, i) => r.cells[i] ?? null) }))
    .filter((r) => r.cells.some((c) => cellText(c) !== ''));
  if (read.more || rows.length > maxRows) return { ok: false, reason: 'tooMany' };
  return { ok: true, header, rows };
}

export async function readFirstSheetTexts(buf: Buffer, maxRows: number): Promise<FirstSheet<string>> {
  const read = await readFirstSheet(buf, maxRows);
  return read.ok ? { ...read, rows: read.rows.map((r) => ({ row: r.row, cells: r.cells.map(cellText) })) } : read;
}

/** A column name: text that is no number and no "label：value" note. */
const isColumnName = (v: ExcelJS.CellValue) => isTextCell(v) && !/[：:]/.test(cellText(v)) && cellAmount(v) === null;

/**
 * The header: among the first rows, the first with two or more cells, every one a column name; else the first row
 * that is not a title (a sheet of one column). -1 when there is none.
 */
function headerIndex(rows: SheetRow[]): number {
  const top = rows.slice(0, HEADER_SCAN);
  const named = top.findIndex((r) => {
    const filled = r.cells.filter((c) => cellText(c) !== '');
    return !r.spanned && filled.length >= 2 && filled.every(isColumnName);
  });
  return named >= 0 ? named : top.findIndex((r) => !r.spanned);
}

/**
 * The workbook readers: threads kept for a while after a task (loading exceljs costs a thread about half a second of
 * CPU, more than reading a small file), at most two, so a burst of uploads waits its turn instead of taking every core.
 * Idle threads do not keep the process alive.
 */
const pool = new Piscina<{ buf: Buffer; limit: number }, WorkerAnswer>({
  filename: new URL('./xlsx-rows.worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: 2,
  idleTimeout: 60_000,
});

const inWorker = (buf: Buffer, limit: number): Promise<WorkerAnswer> => pool.run({ buf, limit });
