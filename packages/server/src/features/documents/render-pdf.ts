import PDFDocument from 'pdfkit';
import { cjkFont, type CjkFontKind } from '../../core/files/cjk-font';
import type { RedHeadModel } from './render-model';

/**
 * The red-header document as PDF after GB/T 9704-2012: A4, top 37 mm, left 28 mm, text block
 * 156 × 225 mm, body 3号 (16 pt) in 22 lines of 28 characters, red banner and rule, title 2号,
 * 版记 (cc, printing office and date) between rules at the foot of the last page, page numbers
 * "— 1 —" in 4号 7 mm below the text block, odd pages right, even pages left.
 */
const MM = 72 / 25.4;
const LEFT = 28 * MM;
const TOP = 37 * MM;
const WIDTH = 156 * MM;
const HEIGHT = 225 * MM;
const BOTTOM = TOP + HEIGHT;
const BODY = 16;
const LINE = HEIGHT / 22;
const CHAR = WIDTH / 28;
const RED = '#E60012';

type Doc = InstanceType<typeof PDFDocument>;

function registerFonts(doc: Doc): void {
  for (const kind of ['title', 'body', 'kai', 'hei'] as CjkFontKind[]) {
    const f = cjkFont(kind);
    doc.registerFont(kind, f.path, f.family);
  }
}

/** Breaks text into lines that fit `width` at the current font (CJK breaks anywhere; Latin words kept). */
function wrap(doc: Doc, text: string, width: number, spacing: number, firstIndent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  let w = firstIndent;
  const tokens = text.match(/[A-Za-z0-9.,:;%\-/()]+|./gu) ?? [];
  for (const t of tokens) {
    const tw = doc.widthOfString(t) + spacing * t.length;
    if (w + tw > width + 0.5 && line) {
      // a closing punctuation mark never starts a line (避头): pull it onto this one
      if (/^[，。、；：！？）」』”’〕》]$/.test(t)) {
        lines.push(line + t);
        line = '';
        w = 0;
        continue;
      }
      lines.push(line);
      line = '';
      w = 0;
    }
    line += t;
    w += tw;
  }
  if (line) lines.push(line);
  return lines;
}

export function renderRedHeadPdf(m: RedHeadModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { Title: m.title, Author: m.signature, Subject: m.docNo },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const spacing = CHAR - BODY; // tighten to 28 characters a line
  let y = TOP;
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = TOP;
  };
  const ensure = (h: number) => {
    if (y + h > BOTTOM + 1) newPage();
  };
  const text = (s: string, x: number, yy: number, o: { font: CjkFontKind; size: number; color?: string; spacing?: number }) => {
    doc
      .font(o.font)
      .fontSize(o.size)
      .fillColor(o.color ?? 'black')
      .text(s, x, yy, { lineBreak: false, characterSpacing: o.spacing ?? 0 });
  };
  const centred = (s: string, yy: number, o: { font: CjkFontKind; size: number; color?: string; spacing?: number }) => {
    doc.font(o.font).fontSize(o.size);
    const w = doc.widthOfString(s) + (o.spacing ?? 0) * s.length;
    text(s, LEFT + (WIDTH - w) / 2, yy, o);
  };

  // 版头: 份号, 密级, 紧急程度 (3号黑体) at the top left
  let headLines = 0;
  for (const s of [m.copyNo, m.secret, m.urgency]) {
    if (!s) continue;
    text(s, LEFT, y + headLines * LINE, { font: 'hei', size: BODY });
    headLines += 1;
  }
  y += headLines * LINE;
  // the issuing-authority banner: red 小标宋, centred, at most the text width
  doc.font('title');
  let bannerSize = 38;
  while (doc.fontSize(bannerSize).widthOfString(m.banner) > WIDTH && bannerSize > 20) bannerSize -= 1;
  const bannerTop = y + 4 * MM;
  centred(m.banner, bannerTop, { font: 'title', size: bannerSize, color: RED, spacing: 2 });
  y = bannerTop + bannerSize * 1.2 + LINE; // 发文字号 two lines below the banner
  if (m.signerName) {
    text(m.docNo, LEFT + CHAR, y, { font: 'body', size: BODY });
    doc.font('body').fontSize(BODY);
    const label = '签发人：';
    const lw = doc.widthOfString(label);
    doc.font('kai');
    const nw = doc.widthOfString(m.signerName);
    text(label, LEFT + WIDTH - CHAR - lw - nw, y, { font: 'body', size: BODY });
    text(m.signerName, LEFT + WIDTH - CHAR - nw, y, { font: 'kai', size: BODY });
  } else {
    centred(m.docNo, y, { font: 'body', size: BODY });
  }
  y += BODY + 4 * MM;
  // red rule the text width, 4 mm below the number
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(1.5)
    .strokeColor(RED)
    .stroke();
  y += LINE * 2 - BODY / 2;

  // 标题: 2号小标宋, centred, wrapped over as many lines as needed
  doc.font('title').fontSize(22);
  for (const line of wrap(doc, m.title, WIDTH - 4 * CHAR, 0)) {
    ensure(LINE * 1.2);
    centred(line, y, { font: 'title', size: 22 });
    y += 22 * 1.5;
  }
  y += LINE - 22 * 0.5;

  // 主送机关
  doc.font('body').fontSize(BODY);
  for (const line of wrap(doc, `${m.mainTo}：`, WIDTH, spacing)) {
    ensure(LINE);
    text(line, LEFT, y, { font: 'body', size: BODY, spacing });
    y += LINE;
  }
  // 正文: each paragraph indented two characters
  for (const p of m.body) {
    const font: CjkFontKind = p.level === 1 ? 'hei' : p.level === 2 ? 'kai' : 'body';
    doc.font(font).fontSize(BODY);
    const lines = wrap(doc, p.text, WIDTH, spacing, 2 * CHAR);
    lines.forEach((line, i) => {
      ensure(LINE);
      text(line, LEFT + (i === 0 ? 2 * CHAR : 0), y, { font, size: BODY, spacing });
      y += LINE;
    });
  }
  // 附件说明: after a blank line, indented two characters
  if (m.attachments.length) {
    y += LINE;
    m.attachments.forEach((a, i) => {
      const label = i === 0 ? '附件：' : '';
      const item = m.attachments.length > 1 ? `${i + 1}. ${a}` : a;
      ensure(LINE);
      text(label + item, LEFT + 2 * CHAR + (i === 0 ? 0 : 3 * CHAR), y, { font: 'body', size: BODY, spacing });
      y += LINE;
    });
  }
  // 署名 and 成文日期: right-indented four characters, with room for the seal above
  y += LINE * 2;
  ensure(LINE * 2);
  doc.font('body').fontSize(BODY);
  const dateW = doc.widthOfString(m.date) + spacing * m.date.length;
  const dateX = LEFT + WIDTH - 4 * CHAR - dateW;
  const sigW = doc.widthOfString(m.signature) + spacing * m.signature.length;
  text(m.signature, dateX + (dateW - sigW) / 2, y, { font: 'body', size: BODY, spacing });
  y += LINE;
  text(m.date, dateX, y, { font: 'body', size: BODY, spacing });
  y += LINE;

  // 版记 at the foot of the last page: 抄送 and 印发机关 + 印发日期 in 4号仿宋 between rules
  const small = 14;
  const blockLines = m.cc ? 2 : 1;
  const blockH = blockLines * (small * 2) + 4;
  if (y + blockH > BOTTOM) newPage();
  let by = BOTTOM - blockH;
  const rule = (yy: number, w: number) =>
    doc
      .moveTo(LEFT, yy)
      .lineTo(LEFT + WIDTH, yy)
      .lineWidth(w)
      .strokeColor('black')
      .stroke();
  rule(by, 1);
  if (m.cc) {
    text(`抄送：${m.cc}。`, LEFT + CHAR, by + small * 0.5, { font: 'body', size: small });
    by += small * 2;
    rule(by, 0.5);
  }
  text(m.printOrg, LEFT + CHAR, by + small * 0.5, { font: 'body', size: small });
  doc.font('body').fontSize(small);
  text(m.printDate, LEFT + WIDTH - CHAR - doc.widthOfString(m.printDate), by + small * 0.5, { font: 'body', size: small });
  by += small * 2;
  rule(by, 1);

  // 页码: "— n —" 4号, 7 mm below the text block; odd pages right, even pages left (one character in)
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const label = `— ${i + 1} —`;
    doc.font('body').fontSize(small);
    const w = doc.widthOfString(label);
    const x = (i + 1) % 2 === 1 ? LEFT + WIDTH - CHAR - w : LEFT + CHAR;
    text(label, x, BOTTOM + 7 * MM, { font: 'body', size: small });
  }
  doc.end();
  return done;
}
