import { Readable, pipeline } from 'node:stream';
import type { PackageFile } from '@oa/shared/contract/archive';
import type { AppContext } from '../../core/context';
import { blobFileOf, findFile, openBlob, storeUpload, type StoredFile } from '../../core/files/file-store';
import { documentReaders } from '../../core/ports/document-port';
import { sheetPdf } from '../../core/ports/sheet-print';
import { yazl } from '../../lib/heavy-libs';
import { sm3Hex, sm3Meter } from '../../lib/sm3';
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
/** Formats that are compressed already: stored as they are (deflating them again costs CPU and saves nothing). */
const PACKED = new Set(['pdf', 'ofd', 'docx', 'xlsx', 'pptx', 'zip', 'rar', '7z', 'gz', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'mp3', 'mp4']);

/** A file of the package: made here (bytes) or a stored file, streamed from the store when its turn comes. */
type Entry = { name: string } & ({ bytes: Buffer } | { file: StoredFile });

const extOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** A stored file whose content is in the store, or null. */
async function stored(ctx: AppContext, fileId: string): Promise<StoredFile | null> {
  const f = await findFile(ctx.db, fileId);
  return f && blobFileOf(ctx, f) ? f : null;
}

/** The package's files other than the metadata, in the order the package lists them. `reader`: whose sheet is printed. */
async function contents(ctx: AppContext, row: ItemRow, reader: string): Promise<Entry[]> {
  const out: Entry[] = [];
  const main = row.pdf_file_id ? await stored(ctx, row.pdf_file_id) : null;
  if (main) out.push({ name: `正文.${main.ext.toLowerCase() || 'pdf'}`, file: main });
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
    const f = a.fileId ? await stored(ctx, a.fileId) : null;
    if (f) out.push({ name: `附件/${String(i + 1).padStart(2, '0')}-${(a.fileName ?? f.original_name).replace(/[\\/]/g, '_')}`, file: f });
  }
  return out;
}

/**
 * The zip of the entries and their metadata, as a stream: each stored file is read from the store in pieces when its
 * turn comes, its SM3 taken on the way (nothing is held whole, however large an attachment); the metadata comes last,
 * when every digest is known.
 */
function packageStream(ctx: AppContext, row: ItemRow, entries: Entry[]): { stream: Readable; listed: () => PackageFile[] } {
  const zip = new (yazl().ZipFile)();
  const digests: Array<() => PackageFile> = [];
  for (const e of entries) {
    const compress = !PACKED.has(extOf(e.name));
    if ('bytes' in e) {
      const listed = { name: e.name, size: e.bytes.length, sm3: sm3Hex(e.bytes) };
      zip.addBuffer(e.bytes, e.name, { compress });
      digests.push(() => listed);
      continue;
    }
    const meter = sm3Meter();
    zip.addReadStreamLazy(e.name, { compress }, (cb) => {
      const blob = openBlob(ctx, e.file);
      if (!blob) return cb(new Error(`archive package: the content of file ${e.file.id} is missing`), meter);
      cb(
        null,
        pipeline(blob, meter, () => {}),
      );
    });
    digests.push(() => ({ name: e.name, size: meter.size(), sm3: meter.sm3() }));
  }
  const listed = () => digests.map((d) => d());
  zip.addReadStreamLazy(METADATA_NAME, (cb) => cb(null, Readable.from([Buffer.from(metadataXml(row, listed(), nowIso()))])));
  zip.end();
  const stream = Readable.from(zip.outputStream);
  zip.on('error', (e: Error) => stream.destroy(e));
  return { stream, listed };
}

/** Makes, stores and records the item's package; answers its file id. */
export async function makePackage(ctx: AppContext, itemId: string, reader: string): Promise<string> {
  const row = await findItem(ctx.db, itemId);
  if (!row) throw new Error(`no archive item ${itemId}`);
  const entries = await contents(ctx, row, reader);
  const { stream, listed } = packageStream(ctx, row, entries);
  const file = await storeUpload(ctx, {
    stream,
    fileName: `${row.archive_code}.zip`,
    owner: row.filed_by,
    kind: 'archive',
    scope: 'private',
    maxBytes: MAX_BYTES,
  });
  await setPackage(ctx.db, row.id, file.id, JSON.stringify(listed()));
  return file.id;
}
