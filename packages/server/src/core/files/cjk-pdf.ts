import type PDFDocument from 'pdfkit';
import { pdfDocument } from '../../lib/heavy-libs';
import { cjkFont, type CjkFontKind } from './cjk-font';

type Doc = InstanceType<typeof PDFDocument>;

/** A font as fontkit opened it for pdfkit (pdfkit's `registerFont` takes one in place of a file). */
type Face = { layout(text: string): unknown };

/** Documents a face serves before it is opened anew (fontkit keeps each glyph it decoded). */
const FACE_USES = 500;
const faces = new Map<string, { face: Face; uses: number }>();

/**
 * The CJK font of `kind` opened once and shared by the PDFs of the process: opening a CJK font (reading some 20 MB and
 * decoding its CFF table) costs seconds, typesetting a document with it a fraction of that. Each document still embeds
 * a subset of its own (pdfkit makes one per document); pdfkit reads a face only synchronously, so documents made side
 * by side do not disturb each other.
 */
function cjkFace(kind: CjkFontKind): Face {
  const f = cjkFont(kind);
  const key = `${f.path}#${f.family ?? ''}`;
  let hit = faces.get(key);
  if (!hit || hit.uses >= FACE_USES) {
    const opener = new (pdfDocument())({ autoFirstPage: false });
    opener.registerFont(kind, f.path, f.family);
    // pdfkit keeps the fontkit face of its current font (not in its types); opening it decodes what a subset reads
    hit = { face: (opener.font(kind) as unknown as { _font: { font: Face } })._font.font, uses: 0 };
    faces.set(key, hit);
  }
  hit.uses += 1;
  return hit.face;
}

/** Registers CJK fonts in `doc` under the names given (a name → its kind), as the process's opened faces. */
export function registerCjkFonts(doc: Doc, names: Record<string, CjkFontKind>): void {
  // pdfkit takes an opened fontkit font as well as a file (not in its types)
  for (const [name, kind] of Object.entries(names)) doc.registerFont(name, cjkFace(kind) as unknown as Uint8Array);
}

/**
 * A PDF drawn by `draw` into a document with the CJK fonts registered: 'cn' (仿宋, body) and 'cn-bold' (黑体),
 * answered as one buffer when `draw` has ended it (the weekly report, the 等保 self-check).
 */
export function cjkPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new (pdfDocument())(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerCjkFonts(doc, { cn: 'body', 'cn-bold': 'hei' });
    draw(doc);
    doc.end();
  });
}
