// The task of lib/xlsx-rows.ts' worker pool (plain JavaScript, so that it loads in a worker thread without a
// TypeScript loader): loads the workbook and answers its first sheet's non-empty rows, each cell as its raw value. A cell
// covered by another's merge reads empty (exceljs repeats the merge's value in every covered cell: a title merged
// across the sheet would look like a row of equal column names). `spanned`: the row's one value is a cell merged
// across columns — a title or a note, never a data row. At most `limit` other rows are answered (`more` beyond).
import ExcelJS from 'exceljs';

const isBlank = (c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

function rowOf(ws, n, width) {
  const row = ws.getRow(n);
  const cells = [];
  let spans = false;
  for (let c = 1; c <= width; c++) {
    const cell = row.getCell(c);
    const covered = cell.isMerged && cell.master.address !== cell.address;
    cells.push(covered ? null : cell.value);
    if (!covered && c < width && cell.isMerged && row.getCell(c + 1).master.address === cell.address) spans = true;
  }
  return { cells, spanned: spans && cells.filter((v) => !isBlank(v)).length === 1 };
}

async function read(buf, limit) {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 1) return { ok: false, reason: 'empty' };
  const rows = [];
  let counted = 0;
  // exceljs counts the columns by visiting every row: once per sheet, not once per row (10,000 rows: 10⁸ visits)
  const width = ws.columnCount;
  const height = ws.rowCount;
  for (let n = 1; n <= height; n++) {
    const { cells, spanned } = rowOf(ws, n, width);
    if (cells.every(isBlank)) continue;
    if (!spanned && ++counted > limit) return { ok: true, rows, more: true };
    rows.push({ row: n, cells, spanned });
  }
  return { ok: true, rows, more: false };
}

/** One task of the pool (piscina): `buf` arrives as a copy of the upload's bytes. */
export default ({ buf, limit }) => read(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), limit);
