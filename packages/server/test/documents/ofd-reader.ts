import path from 'node:path';
import JSZip from 'jszip';
import { XMLParser } from 'fast-xml-parser';

/**
 * An OFD reader of the tests' own, written against GB/T 33190-2016 (not against the writer): it resolves every
 * ST_Loc as the standard says (absolute from the package root, else relative to the file that names it), reads the
 * page objects with their Boundary, TextCode X/Y/DeltaX (with the "g n v" shorthand of ST_Array) and CTM-free
 * images, and lists what breaks the standard's required structure in `problems`.
 */
export const OFD_NS = 'http://www.ofdspec.org/2016';
type Node = Record<string, unknown>;
const REPEATED = new Set([
  'DocBody',
  'Page',
  'Font',
  'TextObject',
  'PathObject',
  'ImageObject',
  'TextCode',
  'Annot',
  'MultiMedia',
  'Layer',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // repeated elements are lists below the root (a Content.xml's root is a Page too)
  isArray: (name, jPath) => REPEATED.has(name) && String(jPath).includes('.'),
});

export interface OfdChar {
  c: string;
  x: number;
}
export interface OfdText {
  text: string;
  /** mm from the page's top left: the first character's origin and the baseline */
  x: number;
  baseline: number;
  size: number;
  chars: OfdChar[];
  font: { id: string; name: string; family: string };
  color: string;
}
export interface OfdRule {
  x: number;
  y: number;
  width: number;
  lineWidth: number;
  color: string;
}
export interface OfdStamp {
  x: number;
  y: number;
  width: number;
  height: number;
  image: Buffer;
  format: string;
}
export interface OfdPage {
  box: number[];
  texts: OfdText[];
  rules: OfdRule[];
  stamps: OfdStamp[];
}
export interface OfdRead {
  info: Record<string, string>;
  pages: OfdPage[];
  problems: string[];
}

const nums = (s: unknown) =>
  String(s ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' ? String((v as Node)['#text'] ?? '') : '');

/** ST_Array with the abbreviation "g count value" (§7.3.4 Table 7) */
export function deltas(s: unknown): number[] {
  const t = String(s ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < t.length; i += 1) {
    if (t[i] === 'g') {
      out.push(...Array<number>(Number(t[i + 1])).fill(Number(t[i + 2])));
      i += 2;
    } else out.push(Number(t[i]));
  }
  return out;
}

export async function readOfd(buf: Buffer): Promise<OfdRead> {
  const zip = await JSZip.loadAsync(buf);
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const loc = (from: string, ref: string) => (ref.startsWith('/') ? ref.slice(1) : path.posix.join(path.posix.dirname(from), ref));
  const load = async (file: string, root: string): Promise<Node | null> => {
    const entry = zip.file(file);
    if (!entry) {
      problems.push(`missing ${file}`);
      return null;
    }
    const raw = await entry.async('string');
    if (!new RegExp(`<(\\w+:)?${root}\\b[^>]*xmlns(:\\w+)?="${OFD_NS}"`).test(raw)) problems.push(`${file}: ${root} not in ${OFD_NS}`);
    const node = (parser.parse(raw) as Node)[root] as Node | undefined;
    if (!node) problems.push(`${file}: no ${root}`);
    // every ID is unique in the document (ST_ID)
    for (const m of raw.matchAll(/\sID="([^"]*)"/g)) {
      if (ids.has(m[1]!)) problems.push(`${file}: ID ${m[1]} also in ${ids.get(m[1]!)}`);
      ids.set(m[1]!, file);
    }
    return node ?? null;
  };

  const ofd = await load('OFD.xml', 'OFD');
  if (!ofd) return { info: {}, pages: [], problems };
  if (ofd.Version !== '1.0' && ofd.Version !== '1.1') problems.push(`OFD Version ${String(ofd.Version)}`);
  if (ofd.DocType !== 'OFD' && ofd.DocType !== 'OFD-A') problems.push(`OFD DocType ${String(ofd.DocType)}`);
  const body = list(ofd.DocBody)[0];
  const docInfo = (body?.DocInfo ?? {}) as Node;
  const info = Object.fromEntries(Object.entries(docInfo).map(([k, v]) => [k, text(v)]));
  if (!info.DocID) problems.push('DocInfo without DocID');
  const rootRef = text(body?.DocRoot);
  if (!rootRef) return { info, pages: [], problems: [...problems, 'DocBody without DocRoot'] };
  const docFile = loc('OFD.xml', rootRef);
  const doc = await load(docFile, 'Document');
  if (!doc) return { info, pages: [], problems };
  const common = (doc.CommonData ?? {}) as Node;
  const maxId = Number(text(common.MaxUnitID));
  const area = nums(text((common.PageArea as Node | undefined)?.PhysicalBox));
  if (area.length !== 4 || !(area[2]! > 0 && area[3]! > 0)) problems.push('CommonData without a PhysicalBox');

  // resources: fonts and images, PublicRes and DocumentRes alike
  const fonts = new Map<string, OfdText['font']>();
  const media = new Map<string, { file: string; format: string }>();
  for (const key of ['PublicRes', 'DocumentRes']) {
    for (const ref of list(common[key]).map(text).filter(Boolean)) {
      const file = loc(docFile, ref);
      const res = await load(file, 'Res');
      const base = res?.BaseLoc ? loc(file, `${String(res.BaseLoc)}/x`).replace(/\/x$/, '') : path.posix.dirname(file);
      for (const f of list((res?.Fonts as Node | undefined)?.Font))
        fonts.set(String(f.ID), { id: String(f.ID), name: String(f.FontName ?? ''), family: String(f.FamilyName ?? '') });
      for (const mm of list((res?.MultiMedias as Node | undefined)?.MultiMedia)) {
        const mf = text(mm.MediaFile);
        const file2 = mf.startsWith('/') ? mf.slice(1) : `${base}/${mf}`;
        if (!zip.file(file2)) problems.push(`MultiMedia ${String(mm.ID)}: missing ${file2}`);
        media.set(String(mm.ID), { file: file2, format: String(mm.Format ?? '') });
      }
    }
  }

  const pageRefs = list((doc.Pages as Node | undefined)?.Page);
  if (!pageRefs.length) problems.push('Document without Pages');
  const pages: OfdPage[] = [];
  const pageIndex = new Map<string, number>();
  for (const [i, p] of pageRefs.entries()) {
    if (!p.ID || !p.BaseLoc) problems.push(`Page ${i} without ID or BaseLoc`);
    pageIndex.set(String(p.ID), i);
    const file = loc(docFile, String(p.BaseLoc ?? ''));
    const page = await load(file, 'Page');
    const own = nums(text((page?.Area as Node | undefined)?.PhysicalBox));
    const out: OfdPage = { box: own.length === 4 ? own : area, texts: [], rules: [], stamps: [] };
    for (const layer of list((page?.Content as Node | undefined)?.Layer)) {
      for (const t of list(layer.TextObject)) {
        const [bx, by] = nums(t.Boundary);
        const font = fonts.get(String(t.Font));
        if (!font) problems.push(`${file}: TextObject ${String(t.ID)} names font ${String(t.Font)}, not a resource`);
        if (nums(t.Boundary).length !== 4) problems.push(`${file}: TextObject ${String(t.ID)} Boundary`);
        for (const code of list(t.TextCode)) {
          const chars = [...text(code)];
          const dx = deltas(code.DeltaX);
          if (code.X === undefined || code.Y === undefined) problems.push(`${file}: TextCode without X/Y`);
          if (dx.length && dx.length !== chars.length - 1) problems.push(`${file}: DeltaX of ${dx.length} for ${chars.length} characters`);
          let x = bx! + Number(code.X);
          out.texts.push({
            text: chars.join(''),
            x,
            baseline: by! + Number(code.Y),
            size: Number(t.Size),
            chars: chars.map((c, k) => ({ c, x: k ? (x += dx[k - 1] ?? 0) : x })),
            font: font ?? { id: String(t.Font), name: '', family: '' },
            color: String(((t.FillColor ?? {}) as Node).Value ?? '0 0 0'),
          });
        }
      }
      for (const r of list(layer.PathObject)) {
        const [bx, by, bw, bh] = nums(r.Boundary);
        out.rules.push({
          x: bx!,
          y: by! + bh! / 2,
          width: bw!,
          lineWidth: Number(r.LineWidth ?? 0.353),
          color: String(((r.StrokeColor ?? {}) as Node).Value ?? '0 0 0'),
        });
      }
    }
    pages.push(out);
  }
  // annotations (§15): a Stamp's appearance drawn at its Boundary on its page
  for (const ref of list(doc.Annotations).map(text).filter(Boolean)) {
    const file = loc(docFile, ref);
    const annots = await load(file, 'Annotations');
    for (const p of list(annots?.Page)) {
      const page = pageIndex.get(String(p.PageID));
      if (page === undefined) problems.push(`${file}: PageID ${String(p.PageID)} is no page`);
      const pa = await load(loc(file, text(p.FileLoc)), 'PageAnnot');
      for (const a of list(pa?.Annot)) {
        if (!['Link', 'Path', 'Highlight', 'Stamp', 'Watermark'].includes(String(a.Type))) problems.push(`Annot Type ${String(a.Type)}`);
        const app = (a.Appearance ?? {}) as Node;
        const [ax, ay, aw, ah] = nums(app.Boundary);
        for (const img of list(app.ImageObject)) {
          const m = media.get(String(img.ResourceID));
          if (!m) {
            problems.push(`ImageObject ${String(img.ResourceID)} is no resource`);
            continue;
          }
          const [ix, iy, iw, ih] = nums(img.Boundary);
          const image = await zip.file(m.file)?.async('nodebuffer');
          if (image && page !== undefined)
            pages[page]!.stamps.push({ x: ax! + ix!, y: ay! + iy!, width: iw ?? aw!, height: ih ?? ah!, image, format: m.format });
        }
      }
    }
  }
  const over = [...ids.keys()].filter((id) => !(Number(id) <= maxId));
  if (!(maxId > 0) || over.length) problems.push(`MaxUnitID ${maxId} below IDs ${over.join(',')}`);
  return { info, pages, problems };
}

/**
 * The characters of each page with whitespace dropped, in no order, of the OFD and of the PDF's words
 * (`pdfWords` of pdf-read.ts: pdftotext reads a page in an order of its own) on the same pages: the two lists are
 * equal when both files carry the same text page by page.
 */
export function pageChars(read: OfdRead, pdfWords: Array<{ page: number; text: string }>): { ofd: string[]; pdf: string[] } {
  const squash = (s: string) => [...s.replace(/\s+/g, '')].sort().join('');
  // as many pages as either file has: a page only one of them has compares with an empty one
  const count = Math.max(read.pages.length, ...pdfWords.map((w) => w.page + 1));
  const pages = Array.from({ length: count }, (_, i) => i);
  return {
    ofd: pages.map((i) => squash((read.pages[i]?.texts ?? []).map((x) => x.text).join(''))),
    pdf: pages.map((i) =>
      squash(
        pdfWords
          .filter((w) => w.page === i)
          .map((w) => w.text)
          .join(''),
      ),
    ),
  };
}
