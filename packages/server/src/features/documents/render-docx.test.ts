import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { renderRedHeadDocx } from './render-docx';
import { LONG_TITLE, redHeadSample } from '../../../test/documents/red-head-sample';

const LINE = Math.round((225 * 56.7) / 22);
const m = redHeadSample({ urgency: '特急', title: LONG_TITLE, attachments: ['参会回执', '报名表'] });

async function documentXml(): Promise<string> {
  const zip = await JSZip.loadAsync(await renderRedHeadDocx(m));
  return zip.file('word/document.xml')!.async('string');
}
const paragraphWith = (xml: string, text: string) => xml.match(new RegExp(`<w:p>(?:(?!<w:p>).)*?${text}.*?</w:p>`))![0];
const lineTexts = (p: string) =>
  p.split('<w:br/>').map((part) => [...part.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));

describe('red-header document as .docx (GB/T 9704-2012)', () => {
  it('puts 发文字号 two lines below the banner and the red rule about 4 mm below the number', async () => {
    const xml = await documentXml();
    expect(paragraphWith(xml, '中国行业协会文件')).toContain(`w:after="${2 * LINE}"`);
    expect(paragraphWith(xml, '中协〔2026〕12号')).toMatch(/<w:bottom w:val="single" w:color="E60012" w:sz="12" w:space="11"\/>/);
  });

  it('breaks the title into balanced lines, never one character alone', async () => {
    const lines = lineTexts(paragraphWith(await documentXml(), '关于召开'));
    expect(lines.join('')).toBe(m.title);
    expect(lines.length).toBeGreaterThan(1);
    const lengths = lines.map((l) => [...l].length);
    expect(Math.min(...lengths)).toBeGreaterThan(1);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(3);
  });

  it('lays the text on a grid of 22 lines of 28 characters and puts the 版记 at the foot of an even page', async () => {
    const xml = await documentXml();
    const sections = xml.match(/<w:sectPr>.*?<\/w:sectPr>/g)!;
    expect(sections).toHaveLength(2);
    for (const s of sections) expect(s).toContain(`<w:docGrid w:type="linesAndChars" w:linePitch="${LINE}"`);
    expect(sections[1]).toContain('<w:type w:val="evenPage"/>');
    expect(sections[1]).toContain('<w:vAlign w:val="bottom"/>');
    expect(xml.indexOf('抄送：各理事单位。')).toBeGreaterThan(xml.indexOf(sections[0]!));
    expect(xml).toContain('附件：1. 参会回执');
  });
});
