import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx';
import QRCode from 'qrcode';
import type { SheetModel } from './print.service';

/**
 * The printed 审批单/处理笺 as an editable Word file (the `docx` package), the same model and order as the
 * PDF: title, serial number and QR code, one bordered table of the head, the fields and 审批意见 with each
 * signer's name, time and handwritten signature.
 */
const FONT = '仿宋_GB2312';
const HEI = '黑体';
const SIZE = 21; // half-points: 10.5 pt (五号)
const LABEL = 1500; // twips
const TOTAL = 9300;
const border = { style: BorderStyle.SINGLE, size: 6, color: '000000' };
const borders = { top: border, bottom: border, left: border, right: border };

const run = (text: string, font = FONT, size = SIZE) => new TextRun({ text, font: { eastAsia: font, ascii: font, hAnsi: font }, size });
const lines = (text: string, font = FONT) =>
  text.split('\n').map((t) => new Paragraph({ children: [run(t, font)], spacing: { line: 300 } }));

function cell(text: string, width: number, opts: { label?: boolean; span?: number; children?: Paragraph[] } = {}): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    columnSpan: opts.span,
    borders,
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 80, bottom: 80, left: 100, right: 100 },
    shading: opts.label ? { type: ShadingType.CLEAR, color: 'auto', fill: 'F2F2F2' } : undefined,
    children:
      opts.children ?? (opts.label ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [run(text, HEI)] })] : lines(text || ' ')),
  });
}

const half = (TOTAL - 2 * LABEL) / 2;
const pair = (a: string, av: string, b: string, bv: string) =>
  new TableRow({ children: [cell(a, LABEL, { label: true }), cell(av, half), cell(b, LABEL, { label: true }), cell(bv, half)] });
const full = (label: string, value: string) =>
  new TableRow({ children: [cell(label, LABEL, { label: true }), cell(value, TOTAL - LABEL, { span: 3 })] });

function opinion(o: SheetModel['opinions'][number]): TableRow {
  const said = new Paragraph({ children: [run(o.comment ? `${o.action}：${o.comment}` : o.action)], spacing: { line: 300 } });
  const sign = new Paragraph({
    alignment: AlignmentType.RIGHT,
    children: [
      ...(o.signature
        ? [run('签名：', FONT, 16), new ImageRun({ type: 'png', data: o.signature, transformation: { width: 96, height: 32 } })]
        : []),
      run(`    ${o.actorName}    ${o.at}`),
    ],
  });
  return new TableRow({
    children: [cell(o.node || '—', LABEL, { label: true }), cell('', TOTAL - LABEL, { span: 3, children: [said, sign] })],
  });
}

export async function renderSheetDocx(m: SheetModel): Promise<Buffer> {
  const qr = await QRCode.toBuffer(m.url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const rows: TableRow[] = [
    full('标题', m.recordTitle),
    pair(m.applicantLabel, m.applicantName, '所属部门', m.deptName ?? ''),
    pair('提交时间', m.submittedAt ?? '', '当前状态', m.statusLabel),
    ...m.fields.map((f) => full(f.label, f.value)),
    new TableRow({ children: [cell('审批意见', TOTAL, { label: true, span: 4 })] }),
    ...(m.opinions.length ? m.opinions.map(opinion) : [new TableRow({ children: [cell('暂无审批意见', TOTAL, { span: 4 })] })]),
  ];
  const doc = new Document({
    creator: '协会办公平台',
    title: `${m.heading} ${m.serialNo}`,
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1100, bottom: 1100, left: 1300, right: 1300 } } },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [run(`打印时间：${m.printedAt}`, FONT, 16)] })],
          }),
        },
        children: [
          new Paragraph({
            alignment: AlignmentType.RIGHT,
            children: [new ImageRun({ type: 'png', data: qr, transformation: { width: 72, height: 72 } })],
          }),
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 200 }, children: [run(m.heading, '方正小标宋简体', 44)] }),
          new Paragraph({ spacing: { after: 120 }, children: [run(`编号：${m.serialNo}`)] }),
          new Table({ width: { size: TOTAL, type: WidthType.DXA }, columnWidths: [LABEL, half, LABEL, half], rows }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
