import { Readable } from 'node:stream';
import type { PackageFile } from '@oa/shared/contract/archive';
import type { AppContext } from '../../core/context';
import { findFile, openBlob, storeUpload } from '../../core/files/file-store';
import { documentReaders } from '../../core/ports/document-port';
import { sheetPdf } from '../../core/ports/sheet-print';
import { jszip } from '../../lib/heavy-libs';
import { sm3Hex } from '../../lib/sm3';
import { nowIso } from '../../lib/time';
import { findDocForFiling, findItem, setPackage, type ItemRow } from './archive.repository';
import { metadataXml } from './archive-metadata';

/**
 * The archive package of an item (issue 37, one DA/T 22 unit): a zip of its 正文 (the stored PDF, and for a dispatch
 * the OFD drawn from its layout), 定稿 (the dispatch's final text as Word), 处理笺 (every opinion with its signature,
 * as printed), its attachments, and 元数据.xml (the catalogue entry and each other file's SM3). Made when the item is
 * filed, kept in the file store; an item without one (filed before, or its making failed) gets it when first asked for.
 */
export const METADATA_NAME = '元数据.xml';
const MAX_BYTES = 1024 * 1024 * 1024;

async function blobBytes(ctx: AppContext, fileId: string): Promise<{ bytes: Buffer; fileName: string; ext: string } | null> {
  const f = await findFile(ctx.db, fileId);
  const stream = f ? openBlob(ctx, f) : null;
  if (!f || !stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), fileName: f.original_name, ext: f.ext.toLowerCase() };
}

/** The package's files other than the metadata, in the order the package lists them. `reader`: whose sheet is printed. */
async function contents(ctx: AppContext, row: ItemRow, reader: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const out: Array<{ name: string; bytes: Buffer }> = [];
  const main = row.pdf_file_id ? await blobBytes(ctx, row.pdf_file_id) : null;
  if (main) out.push({ name: `正文.${main.ext || 'pdf'}`, bytes: main.bytes });
  const docs = documentReaders(ctx);
  if (row.kind === 'dispatch' && docs) {
    out.push({ name: '正文.ofd', bytes: (await docs.ofd(row.doc_id)).buffer });
    out.push({ name: '定稿.docx', bytes: (await docs.docx(row.doc_id)).buffer });
  }
  const doc = await findDocForFiling(ctx.db, row.doc_id);
  const print = sheetPdf(ctx);
  if (doc && print) out.push({ name: '处理笺.pdf', bytes: await print(reader, doc.module_code, doc.id) });
  const atts = JSON.parse(row.attachments) as Array<{ fileId?: string; fileName?: string }>;
  for (const [i, a] of atts.entries()) {
    const f = a.fileId ? await blobBytes(ctx, a.fileId) : null;
    if (f)
      out.push({ name: `附件/${String(i + 1).padStart(2, '0')}-${(a.fileName ?? f.fileName).replace(/[\\/]/g, '_')}`, bytes: f.bytes });
  }
  return out;
}

/** Makes, stores and records the item's package; answers its file id. */
export async function makePackage(ctx: AppContext, itemId: string, reader: string): Promise<string> {
  const row = await findItem(ctx.db, itemId);
  if (!row) throw new Error(`no archive item ${itemId}`);
  const files = await contents(ctx, row, reader);
  const listed: PackageFile[] = files.map((f) => ({ name: f.name, size: f.bytes.length, sm3: sm3Hex(f.bytes) }));
  const zip = new (jszip())();
  for (const f of files) zip.file(f.name, f.bytes);
  zip.file(METADATA_NAME, metadataXml(row, listed, nowIso()));
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const stored = await storeUpload(ctx, {
    stream: Readable.from([bytes]),
    fileName: `${row.archive_code}.zip`,
    owner: row.filed_by,
    kind: 'archive',
    scope: 'private',
    maxBytes: MAX_BYTES,
  });
  await setPackage(ctx.db, row.id, stored.id, JSON.stringify(listed));
  return stored.id;
}
