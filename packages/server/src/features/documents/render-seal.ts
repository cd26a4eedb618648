import { LINE, MM, type LayoutPage, type Measure, type TextItem } from './render-layout';

/** A round seal of a social organisation is 42 mm across. */
export const SEAL_SIZE = 42 * MM;

/**
 * Where the seal goes on the laid-out pages (GB/T 9704-2012 §7.3.5.1), in pt from the page's top left: centred on
 * 成文日期 (署名 is centred over it), pressing on 署名 and 成文日期 so that they sit a little below its centre.
 * 署名 and 成文日期 are the last two body lines of the layout, always on one page.
 */
export function sealBox(pages: LayoutPage[], measure: Measure): { page: number; x: number; y: number; size: number } | null {
  for (let page = pages.length - 1; page >= 0; page -= 1) {
    const body = pages[page]!.items.filter((i): i is TextItem => i.kind === 'text' && i.role === 'body');
    if (body.length < 2) continue;
    const [signature, date] = body.slice(-2) as [TextItem, TextItem];
    const cx = date.x + (measure(date.text, date.font, date.size) + date.spacing * [...date.text].length) / 2;
    const cy = (signature.y + date.y + date.size) / 2 - LINE / 4;
    return { page, x: cx - SEAL_SIZE / 2, y: cy - SEAL_SIZE / 2, size: SEAL_SIZE };
  }
  return null;
}

/**
 * The seal's box in the .docx, in pt: x from the text block's left edge, y from the top of the 成文日期 paragraph
 * (where the image is anchored). Word flows the text, so the box is taken from the date's line as the PDF lays it:
 * the date right-aligned four characters (16 pt each) from the block's right edge, the seal centred on it and
 * pressing on 署名 (the line above) like sealBox.
 */
export function docxSealBox(date: string, blockWidth: number, line: number): { x: number; y: number; size: number } {
  const width = [...date].reduce((w, c) => w + (/[\x20-\x7e]/.test(c) ? 8 : 16), 0);
  const cx = blockWidth - 4 * 16 - width / 2;
  // the PDF: centre = (signature top + date top + 16) / 2 − line / 4, the date one line below the signature
  const cy = (line - 16) / 2 - line / 2 + 8 - line / 4;
  return { x: cx - SEAL_SIZE / 2, y: cy - SEAL_SIZE / 2, size: SEAL_SIZE };
}
