import type PDFDocument from 'pdfkit';
import type { CjkFontKind } from '../../core/files/cjk-font';
import { registerCjkFonts } from '../../core/files/cjk-pdf';
import { pdfDocument } from '../../lib/heavy-libs';
import type { Measure } from './render-layout';

/**
 * The one measure of a red-header document's text: pdfkit's, in the CJK fonts of core/files/cjk-font.ts. The PDF
 * draws with it and the OFD places every character by it, so both formats share one layout to the glyph.
 */
export type Doc = InstanceType<typeof PDFDocument>;
export const FONT_KINDS: CjkFontKind[] = ['title', 'body', 'kai', 'hei'];

export function registerFonts(doc: Doc): void {
  registerCjkFonts(doc, Object.fromEntries(FONT_KINDS.map((kind) => [kind, kind])));
}

/**
 * A pdfkit document with the fonts registered and no page, only to measure (the OFD's): kept for a while, since
 * measuring keeps what it laid out, and made anew now and then (pdfkit keeps the layouts it measured).
 */
let shared: { doc: Doc; uses: number } | null = null;
export function measuringDoc(): Doc {
  if (!shared || shared.uses >= 100) {
    const doc = new (pdfDocument())({ autoFirstPage: false });
    registerFonts(doc);
    shared = { doc, uses: 0 };
  }
  shared.uses += 1;
  return shared.doc;
}

export const measureWith =
  (doc: Doc): Measure =>
  (text, font, size) =>
    doc.font(font).fontSize(size).widthOfString(text);

/** pdfkit keeps the fontkit face of the current font (not in its types); its layout is what pdfkit draws. */
interface Face {
  unitsPerEm: number;
  postscriptName?: string;
  familyName?: string;
  layout(text: string): { glyphs: Array<{ codePoints: number[] }>; positions: Array<{ xAdvance: number }> };
}
export const faceOf = (doc: Doc, kind: CjkFontKind): Face | undefined =>
  (doc.font(kind) as unknown as { _font?: { font?: Face } })._font?.font;

/**
 * Where each character of a line starts, from the line's start, in pt: the advances of the glyphs pdfkit sets for
 * the text before it (one layout of the whole line, kerning included; a ligature's advance shared by its
 * characters) plus the letter-spacing after every character; the last entry is the line's width.
 */
export function charStarts(doc: Doc, text: string, font: CjkFontKind, size: number, spacing: number): number[] {
  const chars = [...text];
  const face = faceOf(doc, font);
  const advances: number[] = [];
  if (face) {
    const { glyphs, positions } = face.layout(text);
    glyphs.forEach((g, i) => {
      const n = Math.max(1, g.codePoints.length);
      for (let k = 0; k < n; k += 1) advances.push((positions[i]!.xAdvance * size) / face.unitsPerEm / n);
    });
  }
  if (advances.length !== chars.length) {
    // no face, or glyphs that do not map to the characters one by one: the width of the text before each
    const measure = measureWith(doc);
    return chars
      .map((_, i) => (i ? measure(chars.slice(0, i).join(''), font, size) : 0) + spacing * i)
      .concat(measure(text, font, size) + spacing * chars.length);
  }
  const starts = [0];
  advances.forEach((a, i) => starts.push(starts[i]! + a));
  return starts.map((x, i) => x + spacing * i);
}
