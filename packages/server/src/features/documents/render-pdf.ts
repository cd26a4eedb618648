import type PDFDocument from 'pdfkit';
import { cjkFont, type CjkFontKind } from '../../core/files/cjk-font';
import { BOTTOM, CHAR, LEFT, MM, SMALL, WIDTH, layoutRedHead, type LayoutPage } from './render-layout';
import type { RedHeadModel } from './render-model';
import { pdfDocument } from '../../lib/heavy-libs';

/**
 * The red-header document as PDF: the pages laid out by render-layout.ts (GB/T 9704-2012), drawn with
 * pdfkit in the CJK fonts of core/cjk-font.ts; page numbers "— n —" in 4号 7 mm below the text block, odd
 * pages right, even pages left, one character in.
 */
type Doc = InstanceType<typeof PDFDocument>;

/** The layout places the top of the characters' em box; a CJK em box stands 0.88 em above the baseline. */
const baseline = (emTop: number, size: number) => emTop + 0.88 * size;

function registerFonts(doc: Doc): void {
  for (const kind of ['title', 'body', 'kai', 'hei'] as CjkFontKind[]) {
    const f = cjkFont(kind);
    doc.registerFont(kind, f.path, f.family);
  }
}

function paint(doc: Doc, page: LayoutPage): void {
  for (const item of page.items) {
    if (item.kind === 'rule') {
      doc
        .moveTo(LEFT, item.y)
        .lineTo(LEFT + WIDTH, item.y)
        .lineWidth(item.weight)
        .strokeColor(item.color)
        .stroke();
      continue;
    }
    doc.font(item.font).fontSize(item.size).fillColor(item.color).text(item.text, item.x, baseline(item.y, item.size), {
      lineBreak: false,
      characterSpacing: item.spacing,
      baseline: 'alphabetic',
    });
  }
  if (page.pageNo === null) return;
  const label = `— ${page.pageNo} —`;
  doc.font('body').fontSize(SMALL).fillColor('black');
  const x = page.pageNo % 2 === 1 ? LEFT + WIDTH - CHAR - doc.widthOfString(label) : LEFT + CHAR;
  doc.text(label, x, baseline(BOTTOM + 7 * MM, SMALL), { lineBreak: false, baseline: 'alphabetic' });
}

export function renderRedHeadPdf(m: RedHeadModel): Promise<Buffer> {
  const doc = new (pdfDocument())({ size: 'A4', margin: 0, info: { Title: m.title, Author: m.signature, Subject: m.docNo } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = layoutRedHead(m, (text, font, size) => doc.font(font).fontSize(size).widthOfString(text));
  pages.forEach((page, i) => {
    if (i > 0) doc.addPage({ size: 'A4', margin: 0 });
    paint(doc, page);
  });
  doc.end();
  return done;
}
