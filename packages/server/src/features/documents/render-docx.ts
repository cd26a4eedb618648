import {
  AlignmentType,
  BorderStyle,
  Document,
  DocumentGridType,
  Footer,
  HorizontalPositionRelativeFrom,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  SectionType,
  TextRun,
  VerticalAlignSection,
  VerticalPositionRelativeFrom,
  type ISectionOptions,
} from 'docx';
import { docxSealBox } from './render-seal';
import { balancedLines } from './render-lines';
import type { RedHeadModel } from './render-model';

/**
 * The red-header document as an editable Word file (the `docx` package), laid out like the PDF after
 * GB/T 9704-2012 (render-layout.ts): a document grid of 22 lines of 28 characters, the banner 35 mm below
 * the top of the text block, 发文字号 two lines below it, the red rule 4 mm below the number, the title in
 * balanced lines two rows below the rule, the body on the grid, and the 版记 at the foot of an even page
 * (a section of its own that starts on an even page). Font names are the ones Chinese offices have
 * installed (Word substitutes when absent).
 */
const MM = 56.7; // twips per millimetre
const FS = '仿宋_GB2312';
const XBS = '方正小标宋简体';
const KAI = '楷体_GB2312';
const HEI = '黑体';
const pt = (n: number) => n * 2; // half-points
const LINE = Math.round((225 * MM) / 22); // twips: the grid's line pitch
const CHAR_PT = (156 * 72) / 25.4 / 28; // points: the grid's character pitch
const BANNER = 36;
const TITLE = 22;
const RULE_GAP_PT = 11; // ≈ 4 mm between the number and the red rule
const RULE_PT = 1.5;
const RED = 'E60012';

type Align = (typeof AlignmentType)[keyof typeof AlignmentType];
const run = (text: string, font: string, size = 16, extra: Partial<{ color: string; break: number }> = {}) =>
  new TextRun({ text, font: { eastAsia: font, ascii: font, hAnsi: font }, size: pt(size), ...extra });
const para = (
  children: TextRun[],
  o: Partial<{ align: Align; indent: number; right: number; before: number; after: number; line: number }> = {},
) =>
  new Paragraph({
    children,
    alignment: o.align,
    spacing: { line: o.line ?? LINE, lineRule: 'exact', before: o.before ?? 0, after: o.after ?? 0 },
    indent: { firstLine: o.indent ? o.indent * 320 : undefined, right: o.right ? o.right * 320 : undefined },
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

/** 版头: 份号/密级/紧急程度 rows, the banner, 发文字号 with the red rule; returns its height in twips. */
function head(m: RedHeadModel): { paragraphs: Paragraph[]; height: number } {
  const heads = [m.copyNo, m.secret, m.urgency].filter((s): s is string => !!s);
  const bannerBefore = Math.max(0, Math.round(35 * MM) - heads.length * LINE);
  const banner = para([run(m.banner, XBS, BANNER, { color: RED })], {
    align: AlignmentType.CENTER,
    before: bannerBefore,
    after: 2 * LINE,
    line: BANNER * 20,
  });
  const children = m.signerName ? [run(m.docNo, FS), run('\t签发人：', FS), run(m.signerName, KAI)] : [run(m.docNo, FS)];
  const number = new Paragraph({
    children,
    alignment: m.signerName ? undefined : AlignmentType.CENTER,
    indent: m.signerName ? { left: 320, right: 320 } : undefined,
    tabStops: m.signerName ? [{ type: 'right', position: Math.round(156 * MM) - 640 }] : undefined,
    spacing: { line: 16 * 20, lineRule: 'exact', before: 0, after: 0 },
    border: { bottom: { style: BorderStyle.SINGLE, size: RULE_PT * 8, color: RED, space: RULE_GAP_PT } },
  });
  const height = heads.length * LINE + bannerBefore + BANNER * 20 + 2 * LINE + 16 * 20 + (RULE_GAP_PT + RULE_PT) * 20;
  return { paragraphs: [...heads.map((s) => para([run(s, HEI)])), banner, number], height };
}

/** 标题: balanced lines (the same rule as the PDF, measured as full- and half-width characters). */
function title(m: RedHeadModel, headHeight: number): Paragraph {
  const width = (t: string) => [...t].reduce((w, c) => w + (/[\x20-\x7e]/.test(c) ? TITLE / 2 : TITLE), 0);
  const lines = balancedLines(m.title, 24 * CHAR_PT, width);
  const before = (Math.ceil(headHeight / LINE) + 2) * LINE - headHeight; // two rows below the rule, on the grid
  return para(
    lines.map((l, i) => run(l, XBS, TITLE, i ? { break: 1 } : {})),
    { align: AlignmentType.CENTER, before, after: LINE },
  );
}

/** 版记: 抄送 and 印发机关 + 印发日期 in 4号仿宋 between rules. */
function record(m: RedHeadModel): Paragraph[] {
  const thick = { style: BorderStyle.SINGLE, size: 8, color: '000000', space: 4 };
  return [
    ...(m.cc
      ? [
          new Paragraph({
            children: [run(`抄送：${m.cc}。`, FS, 14)],
            indent: { left: 320 },
            border: { top: thick, bottom: { ...thick, size: 4 } },
          }),
        ]
      : []),
    new Paragraph({
      children: [run(m.printOrg, FS, 14), run(`\t${m.printDate}`, FS, 14)],
      indent: { left: 320, right: 320 },
      tabStops: [{ type: 'right', position: Math.round(156 * MM) - 640 }],
      border: { top: m.cc ? undefined : thick, bottom: thick },
    }),
  ];
}

/** 成文日期; with a seal, the seal is anchored to it, over 署名 and the date (render-seal.ts, docxSealBox). */
function dateParagraph(m: RedHeadModel): Paragraph {
  const date = run(m.date, FS);
  if (!m.seal) return para([date], { align: AlignmentType.RIGHT, right: 4 });
  const box = docxSealBox(m.date, (156 * 72) / 25.4, LINE / 20);
  const EMU = 12700; // per point
  const seal = new ImageRun({
    type: 'png',
    data: m.seal.png,
    transformation: { width: (box.size * 96) / 72, height: (box.size * 96) / 72 },
    altText: { name: '印章', description: `${m.signature}印章`, title: '印章' },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.MARGIN, offset: Math.round(box.x * EMU) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: Math.round(box.y * EMU) },
      allowOverlap: true,
      behindDocument: false,
      zIndex: 10,
    },
  });
  return new Paragraph({
    children: [seal, date],
    alignment: AlignmentType.RIGHT,
    spacing: { line: LINE, lineRule: 'exact', before: 0, after: 0 },
    indent: { right: 4 * 320 },
  });
}

export function renderRedHeadDocx(m: RedHeadModel): Promise<Buffer> {
  const { paragraphs: headParagraphs, height } = head(m);
  const body = m.body.map((p) => para([run(p.text, p.level === 1 ? HEI : p.level === 2 ? KAI : FS)], { indent: 2 }));
  const atts = m.attachments.map((a, i) =>
    para([run(`${i === 0 ? '附件：' : '　　　'}${m.attachments.length > 1 ? `${i + 1}. ` : ''}${a}`, FS)], {
      indent: 2,
      before: i === 0 ? LINE : 0,
    }),
  );
  const page: ISectionOptions['properties'] = {
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
    grid: { type: DocumentGridType.LINES_AND_CHARS, linePitch: LINE, charSpace: Math.round((CHAR_PT - 16) * 4096) },
  };
  const footers = { default: pageFooter('right'), even: pageFooter('left') };
  const doc = new Document({
    creator: m.signature,
    title: m.title,
    evenAndOddHeaderAndFooters: true,
    styles: { default: { document: { run: { size: pt(16), font: FS } } } },
    sections: [
      {
        properties: page,
        footers,
        children: [
          ...headParagraphs,
          title(m, height),
          para([run(`${m.mainTo}：`, FS)]),
          ...body,
          ...atts,
          para([run(m.signature, FS)], { align: AlignmentType.RIGHT, right: 4, before: LINE * 2 }),
          dateParagraph(m),
        ],
      },
      {
        properties: { ...page, type: SectionType.EVEN_PAGE, verticalAlign: VerticalAlignSection.BOTTOM },
        footers,
        children: record(m),
      },
    ],
  });
  return Packer.toBuffer(doc);
}
