import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CjkFontKind } from '../../core/files/cjk-font';
import { registerCjkFonts } from '../../core/files/cjk-pdf';
import type { SheetModel } from './print.service';
import { pdfDocument } from '../../lib/heavy-libs';

/**
 * The printed 审批单/处理笺 as an A4 PDF (pdfkit, the CJK fonts of core/files/cjk-font.ts): the title, the
 * serial number and a QR code back to the record in the top-right corner, then one bordered table — the
 * applicant's head rows, the form's fields in the declaration's order (two short ones share a row), and
 * 审批意见: each step with its opinion, the signer's name, time and handwritten signature.
 */
type Doc = InstanceType<typeof PDFDocument>;

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 48;
const WIDTH = PAGE_W - 2 * LEFT;
const TOP = 48;
const BOTTOM = PAGE_H - 56;
const LABEL_W = 96;
const HALF_VALUE_W = WIDTH / 2 - LABEL_W;
const PAD = 6;
const SIZE = 10.5;
const MIN_ROW = 26;
const SIG_H = 30;
const QR = 72;

type Cell = { text: string; w: number; label?: boolean; font?: CjkFontKind };

function registerFonts(doc: Doc): void {
  registerCjkFonts(doc, { title: 'title', body: 'body', hei: 'hei' });
}

const textHeight = (doc: Doc, c: Cell) =>
  c.text
    ? doc
        .font(c.label ? 'hei' : (c.font ?? 'body'))
        .fontSize(SIZE)
        .heightOfString(c.text, { width: c.w - 2 * PAD, lineGap: 2 })
    : 0;

/** A new page when `h` does not fit under `y`; returns where the row starts. */
function room(doc: Doc, y: number, h: number): number {
  if (y + h <= BOTTOM) return y;
  doc.addPage({ size: 'A4', margin: 0 });
  return TOP;
}

function drawCells(doc: Doc, y: number, cells: Cell[], h: number): void {
  let x = LEFT;
  for (const c of cells) {
    if (c.label) doc.rect(x, y, c.w, h).fill('#f2f2f2');
    doc.rect(x, y, c.w, h).lineWidth(0.8).strokeColor('black').stroke();
    if (c.text) {
      const th = textHeight(doc, c);
      const ty = c.label ? y + (h - th) / 2 : y + PAD;
      doc
        .font(c.label ? 'hei' : (c.font ?? 'body'))
        .fontSize(SIZE)
        .fillColor('black')
        .text(c.text, x + PAD, ty, { width: c.w - 2 * PAD, lineGap: 2, align: c.label ? 'center' : 'left' });
    }
    x += c.w;
  }
}

function row(doc: Doc, y: number, cells: Cell[]): number {
  const h = Math.max(MIN_ROW, ...cells.map((c) => textHeight(doc, c) + 2 * PAD));
  const top = room(doc, y, h);
  drawCells(doc, top, cells, h);
  return top + h;
}

/** The field rows: two short fields share a row, a long or wide one spans the table. */
function fieldRows(doc: Doc, m: SheetModel): Cell[][] {
  const fits = (f: SheetModel['fields'][number]) =>
    !f.wide && !f.value.includes('\n') && doc.font('body').fontSize(SIZE).widthOfString(f.value) <= HALF_VALUE_W - 2 * PAD;
  const rows: Cell[][] = [
    [
      { text: m.applicantLabel, w: LABEL_W, label: true },
      { text: m.applicantName, w: HALF_VALUE_W },
      { text: '所属部门', w: LABEL_W, label: true },
      { text: m.deptName ?? '', w: HALF_VALUE_W },
    ],
    [
      { text: '提交时间', w: LABEL_W, label: true },
      { text: m.submittedAt ?? '', w: HALF_VALUE_W },
      { text: '当前状态', w: LABEL_W, label: true },
      { text: m.statusLabel, w: HALF_VALUE_W },
    ],
  ];
  for (let i = 0; i < m.fields.length; i++) {
    const f = m.fields[i]!;
    const next = m.fields[i + 1];
    if (next && fits(f) && fits(next)) {
      rows.push([
        { text: f.label, w: LABEL_W, label: true },
        { text: f.value, w: HALF_VALUE_W },
        { text: next.label, w: LABEL_W, label: true },
        { text: next.value, w: HALF_VALUE_W },
      ]);
      i++;
    } else
      rows.push([
        { text: f.label, w: LABEL_W, label: true },
        { text: f.value, w: WIDTH - LABEL_W },
      ]);
  }
  return rows;
}

/** One opinion: the step at the left; the opinion, then the signature image, name and time at the right foot. */
function opinionRow(doc: Doc, y: number, o: SheetModel['opinions'][number]): number {
  const w = WIDTH - LABEL_W;
  const said = o.comment ? `${o.action}：${o.comment}` : o.action;
  const body: Cell = { text: said, w };
  const h = Math.max(MIN_ROW, textHeight(doc, body) + 2 * PAD) + SIG_H + 4;
  const top = room(doc, y, h);
  drawCells(doc, top, [{ text: o.node || '—', w: LABEL_W, label: true }, { ...body }], h);
  const foot = `${o.actorName}    ${o.at}`;
  doc.font('body').fontSize(SIZE);
  const footW = doc.widthOfString(foot);
  const right = LEFT + WIDTH - PAD;
  const baseY = top + h - PAD - SIG_H;
  doc.text(foot, right - footW, top + h - PAD - SIZE - 2, { lineBreak: false });
  if (o.signature) {
    try {
      doc.image(o.signature, right - footW - 8 - SIG_H * 3, baseY, { fit: [SIG_H * 3, SIG_H], align: 'right', valign: 'bottom' });
      doc
        .font('body')
        .fontSize(8)
        .fillColor('#666')
        .text('签名：', right - footW - 8 - SIG_H * 3 - 30, top + h - PAD - SIZE, { lineBreak: false });
      doc.fillColor('black');
    } catch {
      // an unreadable image prints as its absence
    }
  }
  return top + h;
}

export async function renderSheetPdf(m: SheetModel): Promise<Buffer> {
  const doc = new (pdfDocument())({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { Title: `${m.heading} ${m.serialNo}`, Subject: m.recordTitle },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const qr = await QRCode.toBuffer(m.url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  doc.image(qr, LEFT + WIDTH - QR, TOP - 12, { width: QR, height: QR });
  doc
    .font('hei')
    .fontSize(7)
    .fillColor('#555')
    .text('扫码查看原件', LEFT + WIDTH - QR, TOP - 12 + QR + 1, { width: QR, align: 'center' });
  doc
    .font('title')
    .fontSize(22)
    .fillColor('black')
    .text(m.heading, LEFT, TOP + 8, { width: WIDTH, align: 'center' });
  doc
    .font('body')
    .fontSize(SIZE)
    .text(`编号：${m.serialNo}`, LEFT, TOP + 62, { lineBreak: false });
  let y = TOP + 86;
  y = row(doc, y, [
    { text: '标题', w: LABEL_W, label: true },
    { text: m.recordTitle, w: WIDTH - LABEL_W },
  ]);
  for (const cells of fieldRows(doc, m)) y = row(doc, y, cells);
  y = row(doc, y, [{ text: '审批意见', w: WIDTH, label: true }]);
  if (!m.opinions.length) y = row(doc, y, [{ text: '暂无审批意见', w: WIDTH }]);
  for (const o of m.opinions) y = opinionRow(doc, y, o);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#555')
      .text(`打印时间：${m.printedAt}    第 ${i + 1} 页 共 ${range.count} 页`, LEFT, PAGE_H - 40, {
        width: WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
