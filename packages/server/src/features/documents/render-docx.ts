import { AlignmentType, BorderStyle, Document, Footer, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import type { RedHeadModel } from './render-model';

/**
 * The red-header document as an editable Word file (the `docx` package), laid out like the PDF after
 * GB/T 9704-2012. Font names are the ones Chinese offices have installed (Word substitutes when absent).
 */
const MM = 56.7; // twips per millimetre
const FS = '仿宋_GB2312';
const XBS = '方正小标宋简体';
const KAI = '楷体_GB2312';
const HEI = '黑体';
const pt = (n: number) => n * 2; // half-points
const LINE = Math.round((225 * MM) / 22); // exact line pitch for 22 lines
const RED = 'E60012';

const run = (text: string, font: string, size = 16, extra: Partial<{ color: string; bold: boolean }> = {}) =>
  new TextRun({ text, font: { eastAsia: font, ascii: font, hAnsi: font }, size: pt(size), ...extra });
const para = (
  children: TextRun[],
  o: Partial<{
    align: (typeof AlignmentType)[keyof typeof AlignmentType];
    indent: number;
    right: number;
    before: number;
    after: number;
    border: boolean;
  }> = {},
) =>
  new Paragraph({
    children,
    alignment: o.align,
    spacing: { line: LINE, lineRule: 'exact', before: o.before ?? 0, after: o.after ?? 0 },
    indent: { firstLine: o.indent ? o.indent * 320 : undefined, right: o.right ? o.right * 320 : undefined },
    border: o.border ? { bottom: { style: BorderStyle.SINGLE, size: 12, color: RED, space: 4 } } : undefined,
  });

const pageFooter = (align: 'left' | 'right') =>
  new Footer({
    children: [
      new Paragraph({
        alignment: align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
        indent: align === 'right' ? { right: 320 } : { left: 320 },
        children: [run('— ', FS, 14), new TextRun({ children: [PageNumber.CURRENT], size: pt(14) }), run(' —', FS, 14)],
      }),
    ],
  });

export function renderRedHeadDocx(m: RedHeadModel): Promise<Buffer> {
  const head = [m.copyNo, m.secret, m.urgency].filter((s): s is string => !!s).map((s) => para([run(s, HEI)]));
  const number = m.signerName
    ? para([run(`${m.docNo}`, FS), run('\t签发人：', FS), run(m.signerName, KAI)], { border: true, after: 200 })
    : para([run(m.docNo, FS)], { align: AlignmentType.CENTER, border: true, after: 200 });
  const body = m.body.map((p) => para([run(p.text, p.level === 1 ? HEI : p.level === 2 ? KAI : FS)], { indent: 2 }));
  const atts = m.attachments.map((a, i) =>
    para([run(`${i === 0 ? '附件：' : '　　　'}${m.attachments.length > 1 ? `${i + 1}. ` : ''}${a}`, FS)], {
      indent: 2,
      before: i === 0 ? LINE : 0,
    }),
  );
  const record = [
    ...(m.cc
      ? [
          new Paragraph({
            children: [run(`抄送：${m.cc}。`, FS, 14)],
            indent: { left: 320 },
            border: {
              top: { style: BorderStyle.SINGLE, size: 8, color: '000000', space: 4 },
              bottom: { style: BorderStyle.SINGLE, size: 4, color: '000000', space: 4 },
            },
          }),
        ]
      : []),
    new Paragraph({
      children: [run(m.printOrg, FS, 14), run(`\t${m.printDate}`, FS, 14)],
      indent: { left: 320, right: 320 },
      tabStops: [{ type: 'right', position: Math.round(156 * MM) - 640 }],
      border: {
        top: m.cc ? undefined : { style: BorderStyle.SINGLE, size: 8, color: '000000', space: 4 },
        bottom: { style: BorderStyle.SINGLE, size: 8, color: '000000', space: 4 },
      },
    }),
  ];
  const doc = new Document({
    creator: m.signature,
    title: m.title,
    evenAndOddHeaderAndFooters: true,
    sections: [
      {
        properties: {
          page: {
            size: { width: Math.round(210 * MM), height: Math.round(297 * MM) },
            margin: {
              top: Math.round(37 * MM),
              left: Math.round(28 * MM),
              right: Math.round(26 * MM),
              bottom: Math.round(35 * MM),
              footer: Math.round(28 * MM),
            },
          },
        },
        footers: { default: pageFooter('right'), even: pageFooter('left') },
        children: [
          ...head,
          para([run(m.banner, XBS, 36, { color: RED })], { align: AlignmentType.CENTER, before: 200, after: LINE }),
          number,
          para([run(m.title, XBS, 22)], { align: AlignmentType.CENTER, before: LINE * 2, after: LINE }),
          para([run(`${m.mainTo}：`, FS)]),
          ...body,
          ...atts,
          para([run(m.signature, FS)], { align: AlignmentType.RIGHT, right: 4, before: LINE * 2 }),
          para([run(m.date, FS)], { align: AlignmentType.RIGHT, right: 4, after: LINE * 2 }),
          ...record,
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
