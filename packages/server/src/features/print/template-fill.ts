import type PizZip from 'pizzip';
import type Docxtemplater from 'docxtemplater';
import type ImageModule from '@slosarek/docxtemplater-image-module-free';
import QRCode from 'qrcode';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { SheetModel } from './print.service';
import { OPINION_LOOP, headPlaceholders, opinionPlaceholders, templateData } from './template-placeholders';
import { lazyRequire } from '../../lib/lazy-require';

/**
 * Filling a module's Word template (docxtemplater; images through the free image module, MIT, a maintained fork
 * on @xmldom/xmldom). A template is checked once when uploaded (`checkTemplate`: a real .docx whose tags compile
 * and name only this module's placeholders) and filled for every print (`fillTemplate`).
 */
// loaded by the first template upload or print, not at start-up (lib/heavy-libs.ts)
const pizZip = lazyRequire<typeof PizZip>('pizzip');
const docxtemplater = lazyRequire<typeof Docxtemplater>('docxtemplater');
const imageModuleClass = lazyRequire<typeof ImageModule>('@slosarek/docxtemplater-image-module-free');

const LOOP = 'loop';
const IMAGE = 'open-xml-templating/docxtemplater-image-module';

/** Why a template was refused, in Chinese, naming the tag. */
export class TemplateRefused extends Error {}

const OPTIONS = { paragraphLoop: true, linebreaks: true, errorLogging: false };

interface DxtError {
  properties?: {
    id?: string;
    xtag?: string;
    explanation?: string;
    errors?: DxtError[];
    openingtag?: string;
    closingtag?: string;
  };
}

function explain(e: DxtError): string {
  const p = e.properties ?? {};
  const tag = p.xtag ?? '';
  switch (p.id) {
    case 'unclosed_tag':
      return `占位符“{${tag}”缺少右括号“}”`;
    case 'unopened_tag':
      return `占位符“${tag}}”缺少左括号“{”`;
    case 'duplicate_open_tag':
      return `占位符“${tag}”多了一个左括号“{”`;
    case 'duplicate_close_tag':
      return `占位符“${tag}”多了一个右括号“}”`;
    case 'unclosed_loop':
      return `循环“{#${tag}}”缺少结束标记“{/${tag}}”`;
    case 'unopened_loop':
      return `结束标记“{/${tag}}”前没有对应的“{#${tag}}”`;
    case 'closing_tag_does_not_match_opening_tag':
      return `循环“{#${p.openingtag ?? ''}}”与结束标记“{/${p.closingtag ?? ''}}”不匹配`;
    default:
      return `占位符“${tag}”无法解析`;
  }
}

function compile(buffer: Buffer, modules: object[]): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new (pizZip())(buffer);
  } catch {
    throw new TemplateRefused('文件不是有效的 Word（.docx）文件');
  }
  if (!zip.file('word/document.xml') || !zip.file('[Content_Types].xml')) throw new TemplateRefused('文件不是有效的 Word（.docx）文件');
  try {
    return new (docxtemplater())(zip, { ...OPTIONS, modules: modules as never[] });
  } catch (err) {
    const e = err as DxtError;
    if (!e.properties?.id) throw err;
    const list = e.properties.errors?.length ? e.properties.errors : [e];
    throw new TemplateRefused(`模板有误：${[...new Set(list.map(explain))].slice(0, 3).join('；')}`);
  }
}

const imageModule = (images: Map<string, Buffer>) =>
  new (imageModuleClass())({
    centered: false,
    getImage: (key: string) => images.get(key) ?? Buffer.alloc(0),
    getSize: (img: Buffer, key: string) => (key === 'qr' ? [90, 90] : signatureBox(img)),
  });

/** A signature scaled into 120 × 40 px, keeping its proportions (width and height from the PNG header). */
function signatureBox(png: Buffer): [number, number] {
  const w = png.length >= 24 ? png.readUInt32BE(16) : 120;
  const h = png.length >= 24 ? png.readUInt32BE(20) : 40;
  const k = Math.min(120 / w, 40 / h);
  return [Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k))];
}

interface Tag {
  type: string;
  value: string;
  module?: string;
  subparsed?: Tag[];
}

/** A docxtemplater module that keeps each templated file's parsed tags (as its inspect module does). */
function tagCollector() {
  const files = new Map<string, Tag[]>();
  let current = '';
  return {
    files,
    module: {
      name: 'TagCollector',
      set(obj: { inspect?: { filePath?: string; postparsed?: Tag[] } }) {
        if (obj.inspect?.filePath) current = obj.inspect.filePath;
        if (obj.inspect?.postparsed) files.set(current, obj.inspect.postparsed);
      },
    },
  };
}

/** Every tag names a placeholder of this module; the opinion loop is the only loop, images are where they belong. */
function checkTags(tags: Tag[], mod: AnyModule): void {
  const head = new Map(headPlaceholders(mod).map((p) => [p.tag, p.image]));
  const inner = new Map(opinionPlaceholders().map((p) => [p.tag, p.image]));
  const walk = (list: Tag[], allowed: Map<string, boolean>, inLoop: boolean) => {
    for (const t of list) {
      if (t.type !== 'placeholder') continue;
      if (t.module === LOOP) {
        if (inLoop || t.value !== OPINION_LOOP)
          throw new TemplateRefused(`模板有误：没有名为“${t.value}”的循环，只能用“{#${OPINION_LOOP}}…{/${OPINION_LOOP}}”`);
        walk(t.subparsed ?? [], inner, true);
        continue;
      }
      const image = allowed.get(t.value);
      if (t.module !== IMAGE && t.module) throw new TemplateRefused(`模板有误：不支持的占位符“${t.value}”`);
      if (image === undefined)
        throw new TemplateRefused(`模板有误：占位符“{${t.value}}”不存在${inLoop ? `于“${OPINION_LOOP}”循环中` : ''}`);
      if (image !== (t.module === IMAGE))
        throw new TemplateRefused(
          image ? `模板有误：图片占位符应写作“{%${t.value}}”` : `模板有误：“${t.value}”不是图片，应写作“{${t.value}}”`,
        );
    }
  };
  walk(tags, head, false);
}

/** Checks an uploaded template for a module: a real .docx that compiles and names only its placeholders. */
export function checkTemplate(buffer: Buffer, mod: AnyModule): void {
  const collector = tagCollector();
  compile(buffer, [collector.module, imageModule(new Map())]);
  for (const tags of collector.files.values()) checkTags(tags, mod);
}

/** The template filled with a record's sheet: fields, opinions with signatures, serial number, QR code. */
export async function fillTemplate(buffer: Buffer, mod: AnyModule, model: SheetModel): Promise<Buffer> {
  const { data, images } = templateData(mod, model);
  images.set('qr', await QRCode.toBuffer(model.url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' }));
  const doc = compile(buffer, [imageModule(images)]);
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
