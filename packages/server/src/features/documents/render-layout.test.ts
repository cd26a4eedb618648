import { describe, expect, it } from 'vitest';
import { BOTTOM, LINE, MM, TOP, layoutRedHead, type LayoutPage, type Measure, type TextItem } from './render-layout';
import { balancedLines } from './render-lines';
import { attachmentNames, type RedHeadModel } from './render-model';
import { renderRedHeadPdf } from './render-pdf';
import { LONG_TITLE, redHeadSample } from '../../../test/documents/red-head-sample';

/** Full-width characters one em wide, ASCII half an em: the proportions of the CJK fonts. */
const measure: Measure = (text, _font, size) => [...text].reduce((w, c) => w + (/[\x20-\x7e]/.test(c) ? size / 2 : size), 0);
const oneLine = (i: number) => ({ text: `第${i}段正文内容。`, level: 0 as const });
const model = (o: Partial<RedHeadModel> = {}) => redHeadSample({ body: [oneLine(1)], ...o });
const TITLE = LONG_TITLE;
const texts = (pages: LayoutPage[], role: TextItem['role']) =>
  pages.flatMap((p, page) => p.items.filter((i): i is TextItem => i.kind === 'text' && i.role === role).map((i) => ({ ...i, page })));
const one = (pages: LayoutPage[], role: TextItem['role']) => texts(pages, role)[0]!;

describe('red-header document layout (GB/T 9704-2012)', () => {
  it('puts the banner 35 mm into the text block, 发文字号 two lines below it and the red rule 4 mm below the number', () => {
    for (const m of [model(), model({ urgency: '特急', secret: '秘密', copyNo: '000001' }), model({ signerName: '王建国' })]) {
      const pages = layoutRedHead(m, measure);
      const banner = one(pages, 'banner');
      const docNo = one(pages, 'docNo');
      const rule = pages[0]!.items.find((i) => i.kind === 'rule' && i.role === 'head')!;
      expect(banner.y - TOP).toBeCloseTo(35 * MM, 1);
      expect(docNo.y - (banner.y + banner.size)).toBeCloseTo(2 * LINE, 1);
      expect(rule.y - (docNo.y + docNo.size)).toBeCloseTo(4 * MM, 1);
    }
  });

  it('breaks the title into balanced lines between words, never one character alone on the last line', () => {
    const lines = texts(layoutRedHead(model({ title: TITLE }), measure), 'title').map((t) => t.text);
    expect(lines.join('')).toBe(TITLE);
    expect(lines.length).toBe(3);
    const lengths = lines.map((l) => [...l].length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(3);
    expect(lines).toEqual(['关于召开二〇二六年度协会', '秘书处全体工作人员年终', '工作总结暨表彰大会的通知']);
    const greedyWouldOrphan = balancedLines('一'.repeat(35), 17, (t) => [...t].length).map((l) => l.length);
    expect(greedyWouldOrphan).toHaveLength(3);
    expect(Math.max(...greedyWouldOrphan) - Math.min(...greedyWouldOrphan)).toBeLessThanOrEqual(1);
  });

  it('numbers 附件说明 once, whatever numbering the drafter typed', () => {
    const names = attachmentNames('附件：1．参会回执；2、报名表。\n（3）议程');
    expect(names).toEqual(['参会回执', '报名表', '议程']);
    const lines = texts(layoutRedHead(model({ attachments: names }), measure), 'body').map((t) => t.text);
    expect(lines).toContain('附件：1. 参会回执');
    expect(lines).toContain('2. 报名表');
    expect(lines).toContain('3. 议程');
    const single = texts(layoutRedHead(model({ attachments: attachmentNames('1. 参会回执') }), measure), 'body');
    expect(single.map((t) => t.text)).toContain('附件：参会回执');
  });

  it('sets the title, 主送机关 and every body line on the 22-line grid of every page', () => {
    const pages = layoutRedHead(model({ title: TITLE, body: Array.from({ length: 30 }, (_, i) => oneLine(i)) }), measure);
    for (const t of [...texts(pages, 'title'), ...texts(pages, 'body')]) {
      const row = (t.y - TOP - (LINE - t.size) / 2) / LINE;
      expect(row).toBeCloseTo(Math.round(row), 6);
      expect(Math.round(row)).toBeGreaterThanOrEqual(0);
      expect(Math.round(row)).toBeLessThan(22);
    }
    const first = texts(pages, 'body').filter((t) => t.page === 0);
    expect(first[0]!.text).toBe('各部门：');
    expect(first.length).toBeGreaterThanOrEqual(7);
  });

  it('never leaves 署名 alone on a page, and puts the 版记 at the foot of an even page, after a blank page when it must', () => {
    const shapes = new Set<string>();
    for (let n = 1; n <= 60; n += 1) {
      const pages = layoutRedHead(model({ body: Array.from({ length: n }, (_, i) => oneLine(i)) }), measure);
      const recordPage = pages.findIndex((p) => p.items.some((i) => i.role === 'record'));
      const lastRule = pages[recordPage]!.items.filter((i) => i.kind === 'rule').at(-1)!;
      expect(recordPage).toBe(pages.length - 1);
      expect(pages.length % 2).toBe(0);
      expect(lastRule.y).toBeCloseTo(BOTTOM, 6);
      const body = texts(pages, 'body');
      const signature = body.findLastIndex((t) => t.text === '中国行业协会');
      expect(body[signature - 1]!.page).toBe(body[signature]!.page);
      const bodyLast = Math.max(...body.map((t) => t.page));
      if (recordPage === bodyLast) shapes.add('with the body');
      else if (recordPage === bodyLast + 1) shapes.add('next page');
      else {
        expect(recordPage).toBe(bodyLast + 2);
        expect(pages[bodyLast + 1]!.items).toEqual([]);
        expect([pages[bodyLast + 1]!.pageNo, pages[recordPage]!.pageNo]).toEqual([null, null]);
        shapes.add('after a blank page');
      }
    }
    expect([...shapes].sort()).toEqual(['after a blank page', 'next page', 'with the body']);
  });

  it('draws the pages of the layout into the PDF', async () => {
    const m = model({ body: Array.from({ length: 3 }, (_, i) => oneLine(i)) });
    const pdf = (await renderRedHeadPdf(m)).toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBe(layoutRedHead(m, measure).length);
  });
});
