import { describe, expect, it } from 'vitest';
import { renderRedHeadPdf } from './render-pdf';
import { renderRedHeadOfd } from './render-ofd';
import { fileText } from './doc-text';
import { recognize } from './doc-metadata';
import { redHeadSample } from '../../../test/documents/red-head-sample';

/** A received 公文's 文号, 发文机关, 标题 and 成文日期 are read from its own PDF or OFD (issue 37). */
const m = redHeadSample({ cc: null });

describe('recognizing a received document', () => {
  it.each([
    ['PDF', renderRedHeadPdf],
    ['OFD', renderRedHeadOfd],
  ] as const)('reads the number, issuer, title and date from a %s we rendered', async (_kind, render) => {
    const text = await fileText(await render(m));
    expect(text).not.toBeNull();
    const r = recognize(text!);
    expect(r.sourceNo).toBe(m.docNo);
    expect(r.sourceOrg).toBe(m.signature);
    expect(r.title).toBe(m.title);
    const [, y, mo, d] = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(m.date)!;
    expect(r.docDate).toBe(`${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`);
  });

  it('answers null for a file that is neither PDF nor OFD, and nothing for text without a document', async () => {
    expect(await fileText(Buffer.from('hello'))).toBeNull();
    expect(recognize({ lines: ['会议记录', '今天天气很好'], info: {} })).toEqual({
      sourceNo: null,
      sourceOrg: null,
      title: null,
      docDate: null,
    });
  });
});
