import { randomUUID } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { chinaDate } from '@oa/shared/format/china-time';
import type { CjkFontKind } from '../../core/files/cjk-font';
import { jszip } from '../../lib/heavy-libs';
import { folio, layoutRedHead, LEFT, MM, WIDTH, type LayoutPage, type RuleItem, type TextItem } from './render-layout';
import { charStarts, faceOf, FONT_KINDS, measureWith, measuringDoc, type Doc } from './render-measure';
import type { RedHeadModel } from './render-model';
import { sealBox } from './render-seal';

/**
 * The red-header document as OFD (GB/T 33190-2016): a zip of XML drawn from the same layout as the PDF
 * (render-layout.ts, measured by render-measure.ts), converted from pt to mm. Every line is a TextObject whose
 * TextCode places each character (DeltaX), so a reader shows the PDF's positions whatever font it substitutes;
 * the fonts are referenced by the names of those the PDF embeds (FontName/FamilyName, §11.1), not embedded.
 * Rules are PathObjects, the page numbers text; a seal is a Stamp annotation over 署名 and 成文日期 (§15) with its
 * image in the document's resources.
 */
export const OFD_NS = 'http://www.ofdspec.org/2016';
export const OFD_MIME = 'application/ofd';
const A4 = '0 0 210 297';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});
const xml = (root: string, body: Record<string, unknown>) =>
  XML_HEAD + (builder.build({ [`ofd:${root}`]: { '@_xmlns:ofd': OFD_NS, ...body } }) as string);

/** pt → mm, to a thousandth */
export const mm = (pt: number) => Math.round((pt / MM) * 1000) / 1000;
const rgb = (c: string) => {
  const hex = /^#([0-9a-f]{6})$/i.exec(c)?.[1];
  return hex ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(' ') : '0 0 0';
};

class Ids {
  last = 0;
  next = () => String((this.last += 1));
}

function textObject(ids: Ids, t: TextItem, font: string, doc: Doc) {
  const chars = [...t.text];
  const starts = charStarts(doc, t.text, t.font, t.size, t.spacing);
  // a space at either end draws nothing: the object spans the characters that do
  let a = 0;
  let b = chars.length - 1;
  while (a < b && !chars[a]!.trim()) a += 1;
  while (b > a && !chars[b]!.trim()) b -= 1;
  const x0 = t.x + starts[a]!;
  const at = (i: number) => mm(x0 + starts[i]! - starts[a]!) - mm(x0);
  const deltas = chars.slice(a, b).map((_, i) => Math.round((at(a + i + 1) - at(a + i)) * 1000) / 1000);
  return {
    '@_ID': ids.next(),
    '@_Boundary': `${mm(x0)} ${mm(t.y)} ${mm(starts[b + 1]! - starts[a]!)} ${mm(t.size)}`,
    '@_Font': font,
    '@_Size': mm(t.size),
    'ofd:FillColor': { '@_Value': rgb(t.color) },
    'ofd:TextCode': {
      '@_X': 0,
      '@_Y': mm(0.88 * t.size),
      ...(deltas.length ? { '@_DeltaX': deltas.join(' ') } : {}),
      '#text': chars.slice(a, b + 1).join(''),
    },
  };
}

function pathObject(ids: Ids, r: RuleItem) {
  const half = mm(r.weight / 2);
  return {
    '@_ID': ids.next(),
    '@_Boundary': `${mm(LEFT)} ${mm(r.y - r.weight / 2)} ${mm(WIDTH)} ${mm(r.weight)}`,
    '@_LineWidth': mm(r.weight),
    '@_Stroke': 'true',
    '@_Fill': 'false',
    'ofd:StrokeColor': { '@_Value': rgb(r.color) },
    'ofd:AbbreviatedData': `M 0 ${half} L ${mm(WIDTH)} ${half}`,
  };
}

function pageXml(ids: Ids, page: LayoutPage, fonts: Record<CjkFontKind, string>, doc: Doc): string {
  const pageNo = folio(page, measureWith(doc));
  const texts = [...page.items, ...(pageNo ? [pageNo] : [])].filter((i): i is TextItem => i.kind === 'text');
  const rules = page.items.filter((i): i is RuleItem => i.kind === 'rule');
  return xml('Page', {
    'ofd:Area': { 'ofd:PhysicalBox': A4 },
    'ofd:Content': {
      'ofd:Layer': {
        '@_ID': ids.next(),
        '@_Type': 'Body',
        'ofd:TextObject': texts.map((t) => textObject(ids, t, fonts[t.font], doc)),
        'ofd:PathObject': rules.map((r) => pathObject(ids, r)),
      },
    },
  });
}

export async function renderRedHeadOfd(m: RedHeadModel): Promise<Buffer> {
  const doc = measuringDoc();
  const measure = measureWith(doc);
  const pages = layoutRedHead(m, measure);
  const ids = new Ids();
  const zip = new (jszip())();
  const rgbSpace = ids.next();
  const fonts = Object.fromEntries(FONT_KINDS.map((k) => [k, ids.next()])) as Record<CjkFontKind, string>;
  zip.file(
    'Doc_0/PublicRes.xml',
    xml('Res', {
      '@_BaseLoc': 'Res',
      'ofd:ColorSpaces': { 'ofd:ColorSpace': { '@_ID': rgbSpace, '@_Type': 'RGB', '@_BitsPerComponent': 8 } },
      'ofd:Fonts': {
        'ofd:Font': FONT_KINDS.map((k) => {
          const face: { postscriptName?: string; familyName?: string } = faceOf(doc, k) ?? {};
          const family = face.familyName ?? k;
          return {
            '@_ID': fonts[k],
            '@_FontName': face.postscriptName ?? family,
            '@_FamilyName': family,
            ...(/bold|black|heavy/i.test(face.postscriptName ?? '') ? { '@_Bold': 'true' } : {}),
            ...(/serif|song|fang|kai|宋|仿|楷/i.test(family) ? { '@_Serif': 'true' } : {}),
          };
        }),
      },
    }),
  );
  const pageIds = pages.map(() => ids.next());
  pages.forEach((page, i) => zip.file(`Doc_0/Pages/Page_${i}/Content.xml`, pageXml(ids, page, fonts, doc)));
  const seal = m.seal ? sealBox(pages, measure) : null;
  if (seal && m.seal) {
    const image = ids.next();
    zip.file('Doc_0/Res/seal.png', m.seal.png);
    zip.file(
      'Doc_0/DocumentRes.xml',
      xml('Res', {
        '@_BaseLoc': 'Res',
        'ofd:MultiMedias': {
          'ofd:MultiMedia': { '@_ID': image, '@_Type': 'Image', '@_Format': 'PNG', 'ofd:MediaFile': 'seal.png' },
        },
      }),
    );
    const size = mm(seal.size);
    zip.file(
      'Doc_0/Annots/Annotations.xml',
      xml('Annotations', { 'ofd:Page': { '@_PageID': pageIds[seal.page], 'ofd:FileLoc': `Page_${seal.page}/Annotation.xml` } }),
    );
    zip.file(
      `Doc_0/Annots/Page_${seal.page}/Annotation.xml`,
      xml('PageAnnot', {
        'ofd:Annot': {
          '@_ID': ids.next(),
          '@_Type': 'Stamp',
          '@_Creator': m.signature,
          '@_LastModDate': chinaDate(),
          '@_ReadOnly': 'true',
          'ofd:Remark': '印章',
          'ofd:Appearance': {
            '@_Boundary': `${mm(seal.x)} ${mm(seal.y)} ${size} ${size}`,
            'ofd:ImageObject': {
              '@_ID': ids.next(),
              '@_ResourceID': image,
              '@_Boundary': `0 0 ${size} ${size}`,
              '@_CTM': `${size} 0 0 ${size} 0 0`,
            },
          },
        },
      }),
    );
  }
  zip.file(
    'Doc_0/Document.xml',
    xml('Document', {
      'ofd:CommonData': {
        'ofd:MaxUnitID': ids.last,
        'ofd:PageArea': { 'ofd:PhysicalBox': A4 },
        'ofd:PublicRes': 'PublicRes.xml',
        ...(seal ? { 'ofd:DocumentRes': 'DocumentRes.xml' } : {}),
        'ofd:DefaultCS': rgbSpace,
      },
      'ofd:Pages': { 'ofd:Page': pages.map((_, i) => ({ '@_ID': pageIds[i], '@_BaseLoc': `Pages/Page_${i}/Content.xml` })) },
      ...(seal ? { 'ofd:Annotations': 'Annots/Annotations.xml' } : {}),
    }),
  );
  zip.file(
    'OFD.xml',
    xml('OFD', {
      '@_Version': '1.0',
      '@_DocType': 'OFD',
      'ofd:DocBody': {
        'ofd:DocInfo': {
          'ofd:DocID': randomUUID().replace(/-/g, ''),
          'ofd:Title': m.title,
          'ofd:Author': m.signature,
          'ofd:Subject': m.docNo,
          'ofd:CreationDate': chinaDate(),
          'ofd:Creator': 'AssocOA',
        },
        'ofd:DocRoot': 'Doc_0/Document.xml',
      },
    }),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
