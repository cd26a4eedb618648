import type { AnyModule } from '@oa/shared/modules/define-module';
import type { PlaceholderItem } from '@oa/shared/contract/print-template';
import type { SheetModel } from './print.service';

/**
 * The placeholders of a module's Word template (docxtemplater tags, written `{名称}` in Word): the record's head,
 * each declared field by its Chinese label and by its key, the QR code (`{%二维码}`), and one loop over the
 * opinions (`{#审批意见}…{/审批意见}`) whose rows offer the step, person, result, opinion, time and signature.
 */
export const OPINION_LOOP = '审批意见';
export const QR_TAG = '二维码';
export const SIGNATURE_TAG = '签名';

const HEAD: ReadonlyArray<[string, string, (m: SheetModel) => string]> = [
  ['审批单名称', '审批单/处理笺的名称，如“用印申请审批单”', (m) => m.heading],
  ['标题', '记录的标题', (m) => m.recordTitle],
  ['编号', '流水号', (m) => m.serialNo],
  ['状态', '当前状态，如“已通过”', (m) => m.statusLabel],
  ['申请人', '申请人（公文为经办人）', (m) => m.applicantName],
  ['经办人', '同“申请人”', (m) => m.applicantName],
  ['所属部门', '申请人所在部门', (m) => m.deptName ?? ''],
  ['提交时间', '提交时间（北京时间）', (m) => m.submittedAt ?? ''],
  ['打印时间', '打印时间（北京时间）', (m) => m.printedAt],
  ['链接', '记录页面的地址（二维码的内容）', (m) => m.url],
];

type Opinion = SheetModel['opinions'][number];
const OPINION: ReadonlyArray<[string, string, (o: Opinion) => string]> = [
  ['环节', '步骤名称', (o) => o.node],
  ['办理人', '办理人姓名', (o) => o.actorName],
  ['办理结果', '同意、退回、提交、已阅等', (o) => o.action],
  ['意见', '填写的意见', (o) => o.comment ?? ''],
  ['时间', '办理时间（北京时间）', (o) => o.at],
];

const HEAD_TAGS = new Set([...HEAD.map(([t]) => t), QR_TAG, OPINION_LOOP]);

/** Tag → meaning of each declared field: by label (unless a head tag has that name) and by key. */
function fieldTags(m: AnyModule): PlaceholderItem[] {
  const seen = new Set<string>();
  const out: PlaceholderItem[] = [];
  for (const [key, f] of Object.entries(m.fields)) {
    if (!HEAD_TAGS.has(f.label) && !seen.has(f.label)) {
      seen.add(f.label);
      out.push({ tag: f.label, meaning: `表单字段“${f.label}”`, image: false });
    }
    out.push({ tag: key, meaning: `表单字段“${f.label}”（按字段名）`, image: false });
  }
  return out;
}

/** Every placeholder a module's template may use outside the opinion loop. */
export function headPlaceholders(m: AnyModule): PlaceholderItem[] {
  return [
    ...HEAD.map(([tag, meaning]) => ({ tag, meaning, image: false })),
    ...fieldTags(m),
    { tag: QR_TAG, meaning: '二维码图片（扫码打开记录），写作 {%二维码}，单独成段', image: true },
  ];
}

/** The placeholders inside `{#审批意见}…{/审批意见}`, one row per opinion in time order. */
export function opinionPlaceholders(): PlaceholderItem[] {
  return [
    ...OPINION.map(([tag, meaning]) => ({ tag, meaning, image: false })),
    { tag: SIGNATURE_TAG, meaning: '手写签名图片（未签名时为空），写作 {%签名}', image: true },
  ];
}

/**
 * The values a template is filled with. Images are named by a key (`qr`, `sig:<n>`) that the image module looks
 * up in `images`; a declared field the record's variant lacks prints empty.
 */
export function templateData(mod: AnyModule, m: SheetModel): { data: Record<string, unknown>; images: Map<string, Buffer> } {
  const images = new Map<string, Buffer>();
  const data: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(mod.fields)) {
    data[key] = '';
    if (!HEAD_TAGS.has(f.label)) data[f.label] ??= '';
  }
  for (const f of m.fields) {
    data[f.key] = f.value;
    if (!HEAD_TAGS.has(f.label)) data[f.label] = f.value;
  }
  for (const [tag, , value] of HEAD) data[tag] = value(m);
  data[OPINION_LOOP] = m.opinions.map((o, i) => {
    const row: Record<string, unknown> = Object.fromEntries(OPINION.map(([tag, , value]) => [tag, value(o)]));
    if (o.signature) images.set(`sig:${i}`, o.signature);
    row[SIGNATURE_TAG] = o.signature ? `sig:${i}` : '';
    return row;
  });
  data[QR_TAG] = 'qr';
  return { data, images };
}
