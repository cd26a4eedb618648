import type { Recognized } from '@oa/shared/contract/exchange';
import type { FileText } from './doc-text';

/**
 * What a received 公文 says of itself, read from its text as GB/T 9704 lays it out: the 发文机关标志 ("…文件"), the
 * 发文字号 (机关代字〔年份〕序号号), the 标题 (from the line after the number to the 主送机关 ending in "："), the
 * 成文日期 (the last "YYYY年M月D日"). What the file names in its own metadata (an OFD's DocInfo) wins.
 */
const DOC_NO = /([\u4e00-\u9fa5A-Za-z]{1,12}\s*[〔[【(（]\s*\d{4}\s*[〕\]】)）]\s*\d{1,5}\s*号)/;
const DATE = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g;
const HEADER = /^(.{2,40}?)\s*文\s*件$/;

const compact = (s: string) => s.replace(/\s+/g, '');

function dateOf(lines: string[]): string | null {
  let last: RegExpExecArray | null = null;
  for (const l of lines) for (const m of compact(l).matchAll(DATE)) last = m;
  if (!last) return null;
  const [y, m, d] = [last[1], last[2], last[3]].map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  if (date.getUTCMonth() !== m! - 1) return null;
  return date.toISOString().slice(0, 10);
}

function titleOf(lines: string[], from: number): string | null {
  const parts: string[] = [];
  for (let i = from; i < lines.length && parts.length < 4; i += 1) {
    const l = compact(lines[i]!);
    if (/[：:]$/.test(l) || (parts.length && /^[\u3000\s]/.test(lines[i]!))) break;
    if (!parts.length && !l) continue;
    parts.push(l);
    if (/(通知|通报|报告|请示|批复|函|意见|决定|纪要|公告|通告|决议|命令|议案)$/.test(l)) break;
  }
  const t = parts.join('');
  return t.length >= 4 && t.length <= 200 ? t : null;
}

export function recognize(text: FileText): Recognized {
  const { lines, info } = text;
  const noAt = lines.findIndex((l) => DOC_NO.test(compact(l)));
  const sourceNo =
    info['文号'] ?? info['发文字号'] ?? (noAt >= 0 ? compact(DOC_NO.exec(compact(lines[noAt]!))![1]!) : (info.Subject ?? null));
  const header = lines
    .map(compact)
    .map((l) => HEADER.exec(l)?.[1])
    .find(Boolean);
  const sourceOrg = info['发文机关'] ?? header ?? info.Author ?? null;
  const titleLine = lines.findIndex((l) => /^关于/.test(compact(l)));
  const start = titleLine >= 0 ? titleLine : noAt >= 0 ? noAt + 1 : -1;
  const title = info['标题'] ?? info.Title ?? (start >= 0 ? titleOf(lines, start) : null);
  const docDate = info['成文日期'] ?? dateOf(lines);
  return { sourceNo: sourceNo || null, sourceOrg: sourceOrg || null, title: title || null, docDate };
}
