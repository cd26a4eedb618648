import type PDFDocument from 'pdfkit';
import { pdfDocument } from '../../lib/heavy-libs';
import { cjkFont } from './cjk-font';

type Doc = InstanceType<typeof PDFDocument>;

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
    const body = cjkFont('body');
    const hei = cjkFont('hei');
    doc.registerFont('cn', body.path, body.family);
    doc.registerFont('cn-bold', hei.path, hei.family);
    draw(doc);
    doc.end();
  });
}
