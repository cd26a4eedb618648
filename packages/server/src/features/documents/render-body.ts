/**
 * The dispatch body (sanitised rich text from the editor, core/rich-text.ts) as the paragraphs of a
 * red-header document: headings h1/h2 → level 1 (黑体), h3 → level 2 (楷体), other blocks body text (仿宋);
 * a paragraph opening with "一、" or "（一）" takes that level too (GB/T 9704 §7.3.3). List items are
 * numbered as in official documents: "1." at the first level, "（1）" below; bullet items get "•".
 * Tables are printed row by row, images are left out (they belong to attachments).
 */
export interface BodyBlock {
  text: string;
  level: 0 | 1 | 2;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (e, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? e;
  });

const HEADING: Record<string, 0 | 1 | 2> = { h1: 1, h2: 1, h3: 2, h4: 0 };
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'tr', 'div']);
const levelOf = (t: string): 0 | 1 | 2 => (/^[一二三四五六七八九十]+、/.test(t) ? 1 : /^（[一二三四五六七八九十]+）/.test(t) ? 2 : 0);

export function bodyBlocks(html: string): BodyBlock[] {
  const out: BodyBlock[] = [];
  const lists: Array<{ ordered: boolean; n: number }> = [];
  let buf = '';
  let level: 0 | 1 | 2 = 0;
  let prefix = '';
  const flush = () => {
    const text = decode(buf).replace(/\s+/g, ' ').trim();
    buf = '';
    if (!text) return; // an empty block keeps a pending list number for the paragraph inside the item
    out.push({ text: prefix + text, level: level || (prefix ? 0 : levelOf(text)) });
    prefix = '';
    level = 0;
  };
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      buf += m[3];
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (tag === 'br') flush();
    else if (tag === 'td' || tag === 'th') buf += closing ? '　' : '';
    else if (tag === 'ol' || tag === 'ul') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
    } else if (tag === 'li') {
      flush();
      const list = lists.at(-1);
      if (!closing && list) {
        list.n += 1;
        prefix = !list.ordered ? '• ' : lists.filter((l) => l.ordered).length > 1 ? `（${list.n}）` : `${list.n}.`;
      }
    } else if (BLOCKS.has(tag)) {
      flush();
      level = closing ? 0 : (HEADING[tag] ?? 0);
    }
  }
  flush();
  return out;
}
