import { folio, layoutRedHead, LEFT, WIDTH, type LayoutPage, type TextItem } from './render-layout';
import type { RedHeadModel } from './render-model';
import { sealBox } from './render-seal';
import { measureWith, registerFonts, type Doc } from './render-measure';
import { pdfDocument } from '../../lib/heavy-libs';

/**
 * The red-header document as PDF: the pages laid out by render-layout.ts (GB/T 9704-2012), drawn with
 * pdfkit in the CJK fonts of core/cjk-font.ts, with the page numbers of the layout (`folio`) and the seal
 * where render-seal.ts puts it.
 */

/** The layout places the top of the characters' em box; a CJK em box stands 0.88 em above the baseline. */
export const baseline = (emTop: number, size: number) => emTop + 0.88 * size;

function paint(doc: Doc, page: LayoutPage, pageNo: TextItem | null): void {
  for (const item of pageNo ? [...page.items, pageNo] : page.items) {
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
  const measure = measureWith(doc);
  const pages = layoutRedHead(m, measure);
  const seal = m.seal ? sealBox(pages, measure) : null;
  pages.forEach((page, i) => {
    if (i > 0) doc.addPage({ size: 'A4', margin: 0 });
    paint(doc, page, folio(page, measure));
    if (seal && m.seal && seal.page === i) doc.image(m.seal.png, seal.x, seal.y, { width: seal.size, height: seal.size });
  });
  doc.end();
  return done;
}
