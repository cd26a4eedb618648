import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** Reads PDFs back with poppler-utils (pdftotext, pdfimages, pdftoppm) instead of trusting the writer. */
function withFile<T>(pdf: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-pdf-'));
  const file = path.join(dir, 'in.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page in reading order (pdftotext, raw order off so table rows stay rows). */
export const pdfText = (pdf: Buffer): string => withFile(pdf, (f) => execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' }));

/** The report of poppler's pdfsig on the PDF's signatures (its text: the exit code of an invalid one varies). */
export const pdfSignatures = (pdf: Buffer): string =>
  withFile(pdf, (f) => {
    try {
      return execFileSync('pdfsig', [f], { encoding: 'utf8' });
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? '');
    }
  });

/** The raster images the PDF draws: width and height of each (pdfimages -list). */
export function pdfImages(pdf: Buffer): Array<{ page: number; width: number; height: number }> {
  const out = withFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 5 && c[2] === 'image')
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
}

/** The QR code in page 1's top-right corner, decoded from a 150 dpi rendering (pdftoppm → PPM → jsQR). */
export function pdfQr(pdf: Buffer): string | null {
  const crop = ['-x', '840', '-y', '0', '-W', '400', '-H', '360'];
  const ppm = withFile(pdf, (f) => execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', ...crop, f], { maxBuffer: 64 << 20 }));
  // P6 header: "P6\n<w> <h>\n255\n" then RGB bytes
  const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!m) return null;
  const [w, h] = [Number(m[1]), Number(m[2])];
  const rgb = ppm.subarray(m[0].length);
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, w, h)?.data ?? null;
}

export interface PdfWord {
  page: number;
  text: string;
  /** pt from the page's top left (pdftotext -bbox-layout) */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of every page with its box (pdftotext -bbox-layout); a run of CJK text without spaces is one word. */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const html = withFile(pdf, (f) => execFileSync('pdftotext', ['-bbox-layout', f, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return html
    .split(/<page\b/)
    .slice(1)
    .flatMap((page, i) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        page: i,
        text: unescape(m[5]!),
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
      })),
    );
}

/**
 * Per page, where pdfkit starts each piece of text, in drawing order: x and the baseline from the page's top (pt) and
 * the size, read from the page content streams (each opens with pdfkit's flip `1 0 0 -1 0 <height> cm`; a text is
 * `1 0 0 1 x y Tm` with y from the foot, then `/Fn size Tf`).
 */
export function pdfTextOrigins(pdf: Buffer): Array<Array<{ x: number; baseline: number; size: number }>> {
  const streams = [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((s) => {
    try {
      return inflateSync(Buffer.from(s[1]!, 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  return streams
    .map((s) => /^1 0 0 -1 0 ([\d.]+) cm\n/.exec(s) && ([s, Number(/^1 0 0 -1 0 ([\d.]+) cm\n/.exec(s)![1])] as const))
    .filter((p): p is readonly [string, number] => !!p)
    .map(([s, height]) =>
      [...s.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\n\/F\d+ ([\d.]+) Tf/g)].map((t) => ({
        x: Number(t[1]),
        baseline: height - Number(t[2]),
        size: Number(t[3]),
      })),
    );
}
