import type { CjkFontKind } from '../../core/files/cjk-font';
import { balancedLines, wrapLines } from './render-lines';
import type { RedHeadModel } from './render-model';

/**
 * Where everything of a red-header document goes on its pages (GB/T 9704-2012), in PDF points from the
 * page's top left, before any of it is drawn. A4, top 37 mm, left 28 mm, text block 156 × 225 mm of 22
 * lines (the grid: a row every 225 mm / 22 ≈ 29 pt) and 28 characters of 3号 (16 pt).
 * - 版头: 份号, 密级, 紧急程度 in the first rows; the banner's top edge 35 mm below the text block's;
 *   发文字号 two lines below the banner; the red rule 4 mm below the 发文字号.
 * - 主体 on the grid: the title two rows below the rule, in balanced lines; 主送机关 one row below it;
 *   the body, 附件说明 (after an empty row), 署名 and 成文日期 (never alone on a page).
 * - 版记 at the foot of an even page (the back of the sheet): on the last page when it is even and has
 *   room, else on the next page; when that would be odd, a blank page comes first and neither carries a
 *   page number (§7.5).
 */
export const MM = 72 / 25.4;
export const LEFT = 28 * MM;
export const TOP = 37 * MM;
export const WIDTH = 156 * MM;
export const HEIGHT = 225 * MM;
export const BOTTOM = TOP + HEIGHT;
export const ROWS = 22;
export const LINE = HEIGHT / ROWS;
export const BODY = 16;
export const CHAR = WIDTH / 28;
export const TITLE = 22;
export const SMALL = 14;
export const RED = '#E60012';
/** letter-spacing that fits 28 characters of 16 pt in 156 mm */
const SPACING = CHAR - BODY;

export interface TextItem {
  kind: 'text';
  text: string;
  x: number;
  /** top of the characters' em box */
  y: number;
  font: CjkFontKind;
  size: number;
  spacing: number;
  color: string;
  role: 'head' | 'banner' | 'docNo' | 'title' | 'body' | 'record' | 'folio';
}
export interface RuleItem {
  kind: 'rule';
  y: number;
  weight: number;
  color: string;
  role: 'head' | 'record';
}
export interface LayoutPage {
  items: Array<TextItem | RuleItem>;
  /** "— n —" below the text block; null on a blank page before the 版记 page and on that page */
  pageNo: number | null;
}
export type Measure = (text: string, font: CjkFontKind, size: number) => number;

type Style = Pick<TextItem, 'font' | 'size' | 'role'> & Partial<Pick<TextItem, 'spacing' | 'color'>>;

export function layoutRedHead(m: RedHeadModel, measure: Measure): LayoutPage[] {
  const pages: LayoutPage[] = [{ items: [], pageNo: 1 }];
  const put = (text: string, x: number, y: number, s: Style) =>
    pages.at(-1)!.items.push({ kind: 'text', text, x, y, spacing: 0, color: 'black', ...s });
  const widthOf = (s: Style) => (t: string) => measure(t, s.font, s.size) + (s.spacing ?? 0) * [...t].length;
  const centred = (text: string, y: number, s: Style) => put(text, LEFT + (WIDTH - widthOf(s)(text)) / 2, y, s);
  const rule = (y: number, weight: number, color: string, role: RuleItem['role']) =>
    pages.at(-1)!.items.push({ kind: 'rule', y, weight, color, role });

  // 版头
  const heads = [m.copyNo, m.secret, m.urgency].filter((s): s is string => !!s);
  heads.forEach((s, i) => put(s, LEFT, rowTop(i, BODY), { font: 'hei', size: BODY, role: 'head' }));
  let bannerSize = 38;
  while (measure(m.banner, 'title', bannerSize) + 2 * m.banner.length > WIDTH && bannerSize > 20) bannerSize -= 1;
  const bannerTop = Math.max(TOP + 35 * MM, TOP + heads.length * LINE);
  centred(m.banner, bannerTop, { font: 'title', size: bannerSize, color: RED, spacing: 2, role: 'banner' });
  const docNoTop = bannerTop + bannerSize + 2 * LINE;
  docNumber(m, docNoTop, put, measure);
  const ruleY = docNoTop + BODY + 4 * MM;
  rule(ruleY, 1.5, RED, 'head');

  // 主体, row by row on the grid
  let row = Math.ceil((ruleY - TOP) / LINE) + 2;
  const line = (text: string, x: number, s: Style) => {
    if (row >= ROWS) {
      pages.push({ items: [], pageNo: pages.length + 1 });
      row = 0;
    }
    put(text, x, rowTop(row, s.size), s);
    row += 1;
  };
  const title: Style = { font: 'title', size: TITLE, role: 'title' };
  for (const t of balancedLines(m.title, WIDTH - 4 * CHAR, widthOf(title))) line(t, LEFT + (WIDTH - widthOf(title)(t)) / 2, title);
  row += 1;
  const body: Style = { font: 'body', size: BODY, spacing: SPACING, role: 'body' };
  for (const t of wrapLines(`${m.mainTo}：`, WIDTH, widthOf(body))) line(t, LEFT, body);
  for (const p of m.body) {
    const s: Style = { ...body, font: p.level === 1 ? 'hei' : p.level === 2 ? 'kai' : 'body' };
    wrapLines(p.text, WIDTH, widthOf(s), 2 * CHAR).forEach((t, i) => line(t, LEFT + (i === 0 ? 2 * CHAR : 0), s));
  }
  if (m.attachments.length) {
    row += 1;
    m.attachments.forEach((a, i) => {
      const num = m.attachments.length > 1 ? `${i + 1}. ` : '';
      const indent = LEFT + 5 * CHAR + widthOf(body)(num);
      const label = i === 0 ? `附件：${num}` : num;
      wrapLines(a, LEFT + WIDTH - indent, widthOf(body)).forEach((t, j) =>
        line(j === 0 ? label + t : t, j === 0 ? LEFT + (i === 0 ? 2 : 5) * CHAR : indent, body),
      );
    });
  }
  // 署名 and 成文日期, right-indented four characters, up to two rows below the text for the seal; never
  // alone on a page (§7.3.5.5): with fewer empty rows, else with the text's last line carried over
  const items = pages.at(-1)!.items;
  const last = items.findLastIndex((i) => i.role === 'body');
  if (ROWS - row < 2 && last >= 0) {
    const [{ text, x, font, size, spacing, role }] = items.splice(last, 1) as [TextItem];
    row = ROWS;
    line(text, x, { font, size, spacing, role });
  }
  row += Math.min(2, ROWS - row - 2);
  const dateW = widthOf(body)(m.date);
  const dateX = LEFT + WIDTH - 4 * CHAR - dateW;
  line(m.signature, dateX + (dateW - widthOf(body)(m.signature)) / 2, body);
  line(m.date, dateX, body);

  placeRecord(m, pages, row, measure);
  return pages;
}

/** 页码 "— n —" in 4号 7 mm below the text block, odd pages right, even pages left, one character in (§7.5). */
export function folio(page: LayoutPage, measure: Measure): TextItem | null {
  if (page.pageNo === null) return null;
  const text = `— ${page.pageNo} —`;
  const x = page.pageNo % 2 === 1 ? LEFT + WIDTH - CHAR - measure(text, 'body', SMALL) : LEFT + CHAR;
  return { kind: 'text', text, x, y: BOTTOM + 7 * MM, font: 'body', size: SMALL, spacing: 0, color: 'black', role: 'folio' };
}

/** the top of a `size` pt line in grid row `row`, centred in the row */
export const rowTop = (row: number, size: number) => TOP + row * LINE + (LINE - size) / 2;

function docNumber(m: RedHeadModel, y: number, put: (t: string, x: number, y: number, s: Style) => void, measure: Measure) {
  const s: Style = { font: 'body', size: BODY, role: 'docNo' };
  if (!m.signerName) {
    put(m.docNo, LEFT + (WIDTH - measure(m.docNo, 'body', BODY)) / 2, y, s);
    return;
  }
  put(m.docNo, LEFT + CHAR, y, s);
  const nameW = measure(m.signerName, 'kai', BODY);
  const labelW = measure('签发人：', 'body', BODY);
  put('签发人：', LEFT + WIDTH - CHAR - labelW - nameW, y, s);
  put(m.signerName, LEFT + WIDTH - CHAR - nameW, y, { ...s, font: 'kai' });
}

/** 版记: 抄送 and 印发机关 + 印发日期 in 4号 between rules, the last rule on the text block's last line. */
function placeRecord(m: RedHeadModel, pages: LayoutPage[], row: number, measure: Measure) {
  const height = (m.cc ? 2 : 1) * SMALL * 2;
  const fits = TOP + row * LINE + height <= BOTTOM;
  const last = pages.length;
  if (last % 2 === 1) pages.push({ items: [], pageNo: last + 1 });
  else if (!fits) pages.push({ items: [], pageNo: null }, { items: [], pageNo: null });
  const items = pages.at(-1)!.items;
  const text = (t: string, x: number, y: number) =>
    items.push({ kind: 'text', text: t, x, y, font: 'body', size: SMALL, spacing: 0, color: 'black', role: 'record' });
  const rule = (y: number, weight: number) => items.push({ kind: 'rule', y, weight, color: 'black', role: 'record' });
  let y = BOTTOM - height;
  rule(y, 1);
  if (m.cc) {
    text(`抄送：${m.cc}。`, LEFT + CHAR, y + SMALL / 2);
    y += SMALL * 2;
    rule(y, 0.5);
  }
  text(m.printOrg, LEFT + CHAR, y + SMALL / 2);
  text(m.printDate, LEFT + WIDTH - CHAR - measure(m.printDate, 'body', SMALL), y + SMALL / 2);
  rule(y + SMALL * 2, 1);
}
