import type ExcelJS from 'exceljs';

/**
 * The one reading of an imported spreadsheet cell (every .xlsx import: registers, salary, users). exceljs gives
 * a cell's value as a number, a string, a Date (a cell formatted as a date: its UTC parts are the date the sheet
 * shows), rich text, a hyperlink or a formula with its result.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date cell as 'YYYY-MM-DD', with ' HH:mm' when it holds a time of day. */
function dateText(d: Date): string {
  const day = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  const time = d.getUTCHours() * 60 + d.getUTCMinutes();
  return time ? `${day} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}` : day;
}

/** A number as written, without a formula's binary noise (0.1 + 0.2 → '0.3'). */
const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

/** The cell's text, trimmed; '' for an empty cell or an error value. */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return dateText(v);
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('formula' in v || 'sharedFormula' in v) return cellText(v.result as ExcelJS.CellValue);
  if ('text' in v) return cellText(v.text as ExcelJS.CellValue);
  return '';
}

/** Whether the cell holds text (a column name may), not a number, a date or a formula. */
export const isTextCell = (v: ExcelJS.CellValue | undefined): boolean =>
  typeof v === 'string' || (typeof v === 'object' && v !== null && !(v instanceof Date) && 'richText' in v);

/**
 * The cell as an amount: a number cell, or text as finance types it ('2,000.00', '¥1 200', '1,200元', '50%'
 * → 50); null when it is no number.
 */
export function cellAmount(v: ExcelJS.CellValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'object' && v !== null && !(v instanceof Date) && 'result' in v && typeof v.result === 'number') return v.result;
  const t = cellText(v).replace(/[,，¥￥%\s]|元$/g, '');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}
