import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderRedHeadPdf } from './render-pdf';
import { redHeadSample } from '../../../test/documents/red-head-sample';

const MM = 72 / 25.4;
const PAGE_H = 841.89;
const LINE = (225 * MM) / 22;
const m = redHeadSample({ urgency: '特急', cc: null });

/** The page content streams of a pdfkit PDF, inflated. */
const pageStreams = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map((s) => {
      try {
        return inflateSync(Buffer.from(s[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .filter((s) => s.includes(' Tm\n'));

/**
 * Text as pdfkit writes it: `1 0 0 1 x y Tm` (y the baseline, from the page's foot) then `/Fn size Tf`;
 * the em box of a CJK character spans 0.88 em above the baseline to 0.12 em below. Rules: `x y m` (from the top).
 */
function firstPage(pdf: Buffer) {
  const s = pageStreams(pdf)[0]!;
  const texts = [...s.matchAll(/1 0 0 1 [\d.]+ ([\d.]+) Tm\n\/F\d+ ([\d.]+) Tf/g)].map((t) => {
    const size = Number(t[2]);
    const base = PAGE_H - Number(t[1]);
    return { size, top: base - 0.88 * size, bottom: base + 0.12 * size };
  });
  const rules = [...s.matchAll(/([\d.]+) ([\d.]+) m\n/g)].map((r) => Number(r[2]));
  return { texts, rules };
}

describe('red-header document as PDF (GB/T 9704-2012)', () => {
  it('draws 发文字号 two lines below the banner and the red rule 4 mm below the number', async () => {
    const { texts, rules } = firstPage(await renderRedHeadPdf(m));
    const banner = texts.reduce((a, b) => (b.size > a.size ? b : a));
    const docNo = texts[texts.indexOf(banner) + 1]!;
    expect(banner.top - 37 * MM).toBeCloseTo(35 * MM, 0);
    expect(docNo.top - banner.bottom).toBeCloseTo(2 * LINE, 0);
    expect(rules[0]! - docNo.bottom).toBeCloseTo(4 * MM, 0);
  });

  it('sets the first page body on the 22-line grid', async () => {
    const { texts, rules } = firstPage(await renderRedHeadPdf(m));
    const body = texts.filter((t) => t.size === 16 && t.top > rules[0]!);
    expect(body.length).toBeGreaterThan(2);
    for (const t of body) {
      const row = (t.top - 37 * MM - (LINE - 16) / 2) / LINE;
      expect(row).toBeCloseTo(Math.round(row), 2);
    }
  });
});
