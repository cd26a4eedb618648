import type { DocRowDb } from './documents.repository';
import { bodyBlocks, type BodyBlock } from './render-body';
import { parseData } from './documents.lifecycle';

/** What a red-header document (GB/T 9704-2012) shows, taken from the dispatch's form. */
export interface RedHeadModel {
  copyNo: string | null;
  secret: string | null;
  urgency: string | null;
  banner: string;
  docNo: string;
  /** 签发人 (shown at the right of the number for documents to a higher body) */
  signerName: string | null;
  title: string;
  mainTo: string;
  /** paragraphs; level 1 '一、' (黑体), 2 '（一）' (楷体), others 仿宋 (render-body.ts) */
  body: BodyBlock[];
  attachments: string[];
  signature: string;
  date: string;
  cc: string | null;
  printOrg: string;
  printDate: string;
  /** the seal over 署名 and 成文日期 (a transparent PNG), when the document is stamped; none by default */
  seal?: { png: Buffer } | null;
}

/** 2026-11-24 → 2026年11月24日 (Arabic numerals, no leading zeros; GB/T 9704 §7.3.5.3) */
const chineseDate = (iso: string): string => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

const bareName = (s: string) =>
  s
    .trim()
    .replace(/^附件[：:]\s*/, '')
    .replace(/^(?:[(（]\s*\d+\s*[)）]|\d+\s*[.．、])\s*/, '')
    .replace(/[。；;，,、]+$/, '')
    .trim();

/**
 * The names of 附件说明 as the drafter wrote them, one per line or separated by "；". The renderer numbers
 * them (GB/T 9704 §7.3.4 "附件：1. XXXX"), so a number, a "附件：" label or a closing mark typed with a name
 * is taken off: "附件：1．参会回执；2、报名表。" → ["参会回执", "报名表"]; file names the same way.
 */
export const attachmentNames = (note: string): string[] =>
  note
    .split(/\n|；|;/)
    .map(bareName)
    .filter(Boolean);

export function redHeadModel(doc: DocRowDb, names: { signer: string | null; org: string }): RedHeadModel {
  const d = parseData(doc);
  const issuer = typeof d.issuer === 'string' && d.issuer ? d.issuer : names.org;
  const date = chineseDate(doc.numbered_at ?? doc.updated_at);
  const atts = Array.isArray(d.attachments)
    ? (d.attachments as Array<{ fileName?: string }>)
        .map((a) => bareName(String(a.fileName ?? '').replace(/\.[a-z0-9]+$/i, '')))
        .filter(Boolean)
    : [];
  const note = typeof d.attachNote === 'string' && d.attachNote ? attachmentNames(d.attachNote) : atts;
  return {
    copyNo: doc.secret_level === '秘密' || doc.secret_level === '机密' ? '000001' : null,
    secret: doc.secret_level === '公开' || doc.secret_level === '内部' ? null : doc.secret_level,
    urgency: doc.urgency === '普通' ? null : doc.urgency,
    banner: `${issuer}文件`,
    docNo: doc.doc_no ?? '（未编号）',
    signerName: names.signer,
    title: doc.title,
    mainTo: doc.main_to ?? '',
    body: bodyBlocks(typeof d.bodyHtml === 'string' ? d.bodyHtml : ''),
    attachments: note,
    signature: issuer,
    date,
    cc: typeof d.ccTo === 'string' && d.ccTo ? d.ccTo : null,
    printOrg: `${issuer}办公室`,
    printDate: `${date}印发`,
  };
}
