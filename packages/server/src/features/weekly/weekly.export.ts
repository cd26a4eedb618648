import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { WeeklyReport } from '@oa/shared/contract/weekly';
import { cjkPdf } from '../../core/files/cjk-pdf';
import { exceljs } from '../../lib/heavy-libs';

/** Renders a compiled weekly report as Excel, Word (.docx) and PDF (CJK font from core/files/cjk-font). */
const CN_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五'];
const heading = (i: number, name: string) => `${CN_NUM[i] ?? i + 1}、${name}`;
const line = (j: number, it: { deptName: string | null; content: string }) =>
  `${j + 1}. ${it.deptName ? `【${it.deptName}】` : ''}${it.content}`;

export async function toXlsx(r: WeeklyReport): Promise<Buffer> {
  const wb = new (exceljs().Workbook)();
  const ws = wb.addWorksheet('周报');
  ws.columns = [
    { header: '栏目', key: 'column', width: 18 },
    { header: '部门', key: 'dept', width: 16 },
    { header: '内容', key: 'content', width: 90 },
  ];
  ws.insertRow(1, [r.period.title]);
  ws.mergeCells('A1:C1');
  ws.getRow(1).font = { bold: true, size: 14 };
  ws.getRow(2).font = { bold: true };
  for (const c of r.columns)
    for (const it of c.items)
      ws.addRow({ column: c.name, dept: it.deptName ?? '', content: it.content }).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function toDocx(r: WeeklyReport): Promise<Buffer> {
  const font = { eastAsia: '宋体', ascii: 'Times New Roman', hAnsi: 'Times New Roman' };
  const children: Paragraph[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      heading: HeadingLevel.TITLE,
      children: [new TextRun({ text: r.period.title, bold: true, size: 36, font: { eastAsia: '方正小标宋简体' } })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${r.period.startDate} 至 ${r.period.endDate}`, size: 24, font })],
    }),
  ];
  r.columns.forEach((c, i) => {
    children.push(
      new Paragraph({
        spacing: { before: 240 },
        children: [new TextRun({ text: heading(i, c.name), bold: true, size: 32, font: { eastAsia: '黑体' } })],
      }),
    );
    c.items.forEach((it, j) =>
      children.push(
        new Paragraph({
          indent: { firstLine: 640 },
          spacing: { line: 560 },
          children: [new TextRun({ text: line(j, it), size: 32, font: { eastAsia: '仿宋_GB2312' } })],
        }),
      ),
    );
  });
  const doc = new Document({ creator: '协会办公平台', title: r.period.title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}

export function toPdf(r: WeeklyReport): Promise<Buffer> {
  const options = {
    size: 'A4' as const,
    margins: { top: 72, bottom: 72, left: 80, right: 80 },
    info: { Title: r.period.title, Creator: '协会办公平台' },
  };
  return cjkPdf(options, (doc) => {
    doc.font('cn-bold').fontSize(18).text(r.period.title, { align: 'center' });
    doc
      .moveDown(0.3)
      .font('cn')
      .fontSize(11)
      .fillColor('#555')
      .text(`${r.period.startDate} 至 ${r.period.endDate}`, { align: 'center' })
      .fillColor('#000');
    r.columns.forEach((c, i) => {
      doc.moveDown(1).font('cn-bold').fontSize(14).text(heading(i, c.name));
      c.items.forEach((it, j) => doc.moveDown(0.3).font('cn').fontSize(12).text(line(j, it), { indent: 24, lineGap: 4 }));
    });
  });
}
