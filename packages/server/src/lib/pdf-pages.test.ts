import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfPageCount } from './pdf-pages';

const pdfOf = (pages: number) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    for (let i = 0; i < pages; i++) doc.addPage().text(`page ${i + 1}`);
    doc.end();
  });

describe('pdfPageCount', () => {
  it('counts the pages of a PDF and answers null for anything else', async () => {
    expect(pdfPageCount(await pdfOf(1))).toBe(1);
    expect(pdfPageCount(await pdfOf(7))).toBe(7);
    expect(pdfPageCount(Buffer.from('<1 0 obj /Type /Pages /Count 3 >>'))).toBeNull();
    // a PDF whose page objects are compressed: the page tree's count
    expect(pdfPageCount(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Pages /Kids [] /Count 12 >> endobj'))).toBe(12);
  });
});
