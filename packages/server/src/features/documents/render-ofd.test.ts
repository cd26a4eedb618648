import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { folio, layoutRedHead, MM, type LayoutPage, type RuleItem, type TextItem } from './render-layout';
import { measureWith, measuringDoc } from './render-measure';
import type { RedHeadModel } from './render-model';
import { renderRedHeadOfd } from './render-ofd';
import { renderRedHeadPdf } from './render-pdf';
import { SEAL_SIZE, sealBox } from './render-seal';
import { readOfd, type OfdPage } from '../../../test/documents/ofd-reader';
import { LONG_TITLE, redHeadSample } from '../../../test/documents/red-head-sample';
import { pdfImages, pdfTextOrigins, pdfWords } from '../../../test/pdf-read';

const TOLERANCE = 0.5; // mm
const toMm = (pt: number) => pt / MM;
const para = (i: number, level: 0 | 1 | 2 = 0) => ({
  text: `${level === 1 ? '一、' : level === 2 ? '（一）' : ''}第${i}段正文：OFD 与 PDF 同一版式（GB/T 33190-2016、GB/T 9704-2012），含 ASCII 字符 abc 123 与标点。`,
  level,
});
const CASES: Record<string, RedHeadModel> = {
  'one page with 紧急程度': redHeadSample({ urgency: '特急', cc: null }),
  'several pages, 签发人, 密级, headings and 附件说明': redHeadSample({
    copyNo: '000001',
    secret: '秘密',
    urgency: '加急',
    signerName: '王建国',
    title: LONG_TITLE,
    body: Array.from({ length: 7 }, (_, i) => para(i, ([0, 1, 2] as const)[i % 3])),
    attachments: ['参会回执', '报名表'],
  }),
};
const expected = (m: RedHeadModel) => {
  const measure = measureWith(measuringDoc());
  const pages = layoutRedHead(m, measure);
  return { measure, pages, texts: pages.map((p) => [...p.items, folio(p, measure)].filter((i): i is TextItem => i?.kind === 'text')) };
};
const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;

/** Every text of the layout is one TextObject of the OFD: the same text, its start and baseline within 0.5 mm. */
function sameAsLayout(ofd: OfdPage[], pages: LayoutPage[], texts: TextItem[][]) {
  expect(ofd).toHaveLength(pages.length);
  ofd.forEach((page, p) => {
    expect(page.box).toEqual([0, 0, 210, 297]);
    expect(page.texts.map((t) => t.text)).toEqual(texts[p]!.map((t) => t.text.trim()));
    page.texts.forEach((t, i) => {
      const want = texts[p]![i]!;
      expect(near(t.x, toMm(want.x)), `${t.text} x ${t.x} vs ${toMm(want.x)}`).toBe(true);
      expect(near(t.baseline, toMm(want.y + 0.88 * want.size)), `${t.text} baseline`).toBe(true);
      expect(t.size).toBeCloseTo(toMm(want.size), 2);
      expect(t.color).toBe(want.color === 'black' ? '0 0 0' : '230 0 18');
    });
    const rules = pages[p]!.items.filter((i): i is RuleItem => i.kind === 'rule');
    expect(page.rules.map((r) => [r.y, r.lineWidth])).toEqual(
      rules.map((r) => [toMm(r.y), toMm(r.weight)].map((n) => expect.closeTo(n, 2))),
    );
    for (const r of page.rules) expect([r.x, r.width].map((n) => Math.round(n))).toEqual([28, 156]);
  });
}

/**
 * The PDF read back independently: every word pdftotext finds is on the same OFD page at the same place (its first
 * character's x within 0.5 mm, the OFD baseline inside the word's box), every OFD character is in some word, and
 * the baselines pdfkit drew (content streams) match the OFD's one by one.
 */
function sameAsPdf(ofd: OfdPage[], pdf: Buffer) {
  const words = pdfWords(pdf);
  // the characters of each page, line by line (texts on one baseline, left to right): pdftotext joins abutting texts
  const runs = ofd.map((p) =>
    p.texts
      .flatMap((t, ti) => t.chars.map((c, ci) => ({ ...c, ti, ci, baseline: t.baseline })))
      .sort((a, b) => a.baseline - b.baseline || a.x - b.x),
  );
  const covered = ofd.map((p) => p.texts.map((t) => t.chars.map((c) => !c.c.trim())));
  for (const w of words) {
    const run = runs[w.page]!;
    const start = run.findIndex(
      (c, i) =>
        near(c.x, toMm(w.xMin)) &&
        c.baseline > toMm(w.yMin) &&
        c.baseline < toMm(w.yMax) &&
        [...w.text].every((wc, k) => run[i + k]?.c === wc && run[i + k]!.baseline === c.baseline),
    );
    expect(start, `PDF word ${w.text} at ${toMm(w.xMin).toFixed(2)} mm on page ${w.page + 1}`).toBeGreaterThanOrEqual(0);
    [...w.text].forEach((_, k) => (covered[w.page]![run[start + k]!.ti]![run[start + k]!.ci] = true));
  }
  covered.forEach((page, p) => page.forEach((t, i) => expect(t.every(Boolean), `${ofd[p]!.texts[i]!.text} in the PDF`).toBe(true)));
  const origins = pdfTextOrigins(pdf);
  expect(origins).toHaveLength(ofd.length);
  origins.forEach((page, p) => {
    expect(page).toHaveLength(ofd[p]!.texts.length);
    page.forEach((o, i) => {
      const t = ofd[p]!.texts[i]!;
      expect(near(t.baseline, toMm(o.baseline)), `${t.text} baseline ${t.baseline} vs PDF ${toMm(o.baseline)}`).toBe(true);
      expect(t.size).toBeCloseTo(toMm(o.size), 2);
    });
  });
}

/** each case rendered once, as OFD (read back) and PDF */
const rendered = new Map<RedHeadModel, Promise<{ read: Awaited<ReturnType<typeof readOfd>>; pdf: Buffer }>>();
const render = (m: RedHeadModel) => {
  if (!rendered.has(m))
    rendered.set(
      m,
      (async () => {
        const [ofd, pdf] = await Promise.all([renderRedHeadOfd(m), renderRedHeadPdf(m)]);
        return { read: await readOfd(ofd), pdf };
      })(),
    );
  return rendered.get(m)!;
};

describe('red-header document as OFD (GB/T 33190-2016)', { timeout: 240_000 }, () => {
  it.each(Object.entries(CASES))('%s: a valid package with the text and positions of the layout and of the PDF', async (_, m) => {
    const { read, pdf } = await render(m);
    expect(read.problems).toEqual([]);
    expect(read.info).toMatchObject({ Title: m.title, Author: m.signature, Subject: m.docNo });
    const { pages, texts } = expected(m);
    sameAsLayout(read.pages, pages, texts);
    sameAsPdf(read.pages, pdf);
    // the fonts named are the faces the PDF embeds (here the system's Noto CJK, or the licensed fonts)
    const families = new Set(read.pages.flatMap((p) => p.texts.map((t) => t.font.family)));
    expect([...families].every((f) => f.length > 0)).toBe(true);
  });

  it('breaks a multi-page document where the PDF does, with page numbers and the 版记 at the foot of an even page', async () => {
    const m = CASES['several pages, 签发人, 密级, headings and 附件说明']!;
    const { read } = await render(m);
    expect(read.pages.length % 2).toBe(0);
    expect(read.pages.length).toBeGreaterThanOrEqual(2);
    const last = read.pages.at(-1)!;
    expect(last.texts.map((t) => t.text)).toContain('中国行业协会办公室');
    expect(read.pages[0]!.texts.at(-1)!.text).toBe('— 1 —');
  });

  it('stamps the seal as an annotation over 署名 and 成文日期, where the PDF draws it', async () => {
    const png = await QRCode.toBuffer('seal', { color: { dark: '#E60012', light: '#0000' }, width: 200 });
    const m = redHeadSample({ seal: { png } });
    const [ofd, pdf] = await Promise.all([renderRedHeadOfd(m), renderRedHeadPdf(m)]);
    const read = await readOfd(ofd);
    expect(read.problems).toEqual([]);
    const { pages, measure } = expected(m);
    const box = sealBox(pages, measure)!;
    const stamps = read.pages.flatMap((p, i) => p.stamps.map((s) => ({ ...s, page: i })));
    expect(stamps).toHaveLength(1);
    const [s] = stamps;
    expect(s).toMatchObject({ page: box.page, format: 'PNG' });
    expect(s!.image.equals(png)).toBe(true);
    for (const [a, b] of [
      [s!.x, toMm(box.x)],
      [s!.y, toMm(box.y)],
      [s!.width, toMm(SEAL_SIZE)],
      [s!.height, toMm(SEAL_SIZE)],
    ])
      expect(near(a!, b!)).toBe(true);
    // 署名 and 成文日期 lie inside the seal, below its centre
    const page = read.pages[box.page]!;
    const signature = page.texts.find((t) => t.text === m.signature && t.baseline > 150)!;
    const date = page.texts.find((t) => t.text === m.date)!;
    for (const t of [signature, date]) expect(t.baseline > s!.y && t.baseline < s!.y + s!.height).toBe(true);
    expect((signature.baseline + date.baseline) / 2).toBeGreaterThan(s!.y + s!.height / 2);
    expect(pdfImages(pdf).map((i) => i.page)).toEqual([box.page + 1]);
    // without a seal there is no annotation and no image
    expect((await readOfd(await renderRedHeadOfd(redHeadSample()))).pages.flatMap((p) => p.stamps)).toEqual([]);
  });
});
