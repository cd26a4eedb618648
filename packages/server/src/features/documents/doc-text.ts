import { XMLParser } from 'fast-xml-parser';
import { jszip } from '../../lib/heavy-libs';

/**
 * The text lines of a received PDF or OFD, top to bottom (texts on one baseline joined left to right), and what the
 * file says of itself (an OFD's DocInfo: Title, Subject, Author and CustomDatas). Used to pre-fill a receipt.
 */
export interface FileText {
  lines: string[];
  info: Record<string, string>;
}

interface Piece {
  page: number;
  x: number;
  /** distance from the page top */
  y: number;
  text: string;
}

/** Pieces on one baseline (within a third of a line) make one line, left to right. */
function linesOf(pieces: Piece[], tolerance: number): string[] {
  const sorted = [...pieces].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const lines: Piece[][] = [];
  for (const p of sorted) {
    const last = lines.at(-1);
    if (last && last[0]!.page === p.page && Math.abs(last[0]!.y - p.y) <= tolerance) last.push(p);
    else lines.push([p]);
  }
  return lines
    .map((l) =>
      l
        .sort((a, b) => a.x - b.x)
        .map((p) => p.text)
        .join('')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

export const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';
export const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b;

async function pdfText(buffer: Buffer): Promise<FileText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(buffer), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pieces: Piece[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, 3); n += 1) {
      const page = await pdf.getPage(n);
      const height = page.view[3] ?? 842;
      for (const item of (await page.getTextContent()).items)
        if ('str' in item && item.str.trim()) pieces.push({ page: n, x: item.transform[4], y: height - item.transform[5], text: item.str });
    }
    return { lines: linesOf(pieces, 4), info: {} };
  } finally {
    await task.destroy();
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  isArray: (n) => n === 'TextObject' || n === 'CustomData' || n === 'TextCode',
});

interface OfdTextObject {
  '@_Boundary'?: string;
  TextCode?: Array<string | number | { '#text'?: string | number }>;
}

/** Every TextObject of a page's content, in any layer. */
function textObjects(node: unknown, out: OfdTextObject[]): void {
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'TextObject') out.push(...(v as OfdTextObject[]));
    else if (Array.isArray(v)) v.forEach((c) => textObjects(c, out));
    else textObjects(v, out);
  }
}

async function ofdText(buffer: Buffer): Promise<FileText> {
  const zip = await jszip().loadAsync(buffer);
  const root = zip.file('OFD.xml');
  if (!root) throw new Error('not an OFD');
  const docInfo = parser.parse(await root.async('string'))?.OFD?.DocBody?.DocInfo ?? {};
  const info: Record<string, string> = {};
  for (const k of ['Title', 'Subject', 'Author'] as const) if (typeof docInfo[k] === 'string') info[k] = docInfo[k];
  for (const c of docInfo.CustomDatas?.CustomData ?? []) if (c?.['@_Name'] && c['#text'] != null) info[c['@_Name']] = String(c['#text']);
  const pages = Object.keys(zip.files)
    .filter((n) => /Pages\/Page_\d+\/Content\.xml$/.test(n))
    .sort((a, b) => Number(/Page_(\d+)/.exec(a)![1]) - Number(/Page_(\d+)/.exec(b)![1]))
    .slice(0, 3);
  const pieces: Piece[] = [];
  for (const [page, name] of pages.entries()) {
    const objects: OfdTextObject[] = [];
    textObjects(parser.parse(await zip.file(name)!.async('string')), objects);
    for (const o of objects) {
      const [x, y] = String(o['@_Boundary'] ?? '0 0')
        .split(/\s+/)
        .map(Number);
      const text = (o.TextCode ?? []).map((t) => (typeof t === 'object' ? String(t['#text'] ?? '') : String(t))).join('');
      if (text.trim()) pieces.push({ page, x: x ?? 0, y: y ?? 0, text });
    }
  }
  return { lines: linesOf(pieces, 1.5), info };
}

/** The text of a PDF or an OFD; null when the file is neither (or cannot be read). */
export async function fileText(buffer: Buffer): Promise<FileText | null> {
  try {
    if (isPdf(buffer)) return await pdfText(buffer);
    if (isZip(buffer)) return await ofdText(buffer);
  } catch {
    return null;
  }
  return null;
}
