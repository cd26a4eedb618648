import type { AppContext } from '../../core/context';
import { ARCHIVE_PERM, documentReaders } from '../../core/ports/document-port';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { findItem, type ItemRow } from './archive.repository';
import { findFile, openBlob } from '../../core/files/file-store';
import { makePackage } from './archive-package';

export interface ArchiveActor {
  userCode: string;
  isAdmin: boolean;
  can(p: string): Promise<boolean>;
}

/** An item its reader may open: archivists, and the readers of the filed document (checked on every read). */
export async function readableItem(ctx: AppContext, actor: ArchiveActor, id: string): Promise<ItemRow> {
  const row = await findItem(ctx.db, id);
  if (!row) throw notFound('档案不存在');
  const archivist = actor.isAdmin || (await actor.can(ARCHIVE_PERM));
  if (!archivist && !(await documentReaders(ctx)?.canRead(ctx.db, actor.userCode, row.doc_id))) throw forbidden('您无权查看该档案');
  return row;
}

/** The item's red-header document as OFD (a filed dispatch; a receipt's body is the sender's own file). */
export async function ofd(ctx: AppContext, actor: ArchiveActor, id: string): Promise<{ body: Buffer; fileName: string }> {
  const row = await readableItem(ctx, actor, id);
  const docs = documentReaders(ctx);
  if (row.kind !== 'dispatch' || !docs) throw bizError('收文的正文是来文原件，请下载原件');
  const out = await docs.ofd(row.doc_id);
  return { body: out.buffer, fileName: `${row.archive_code}-${row.title}`.slice(0, 120) + '.ofd' };
}

/** The item's archive package (made now when it has none yet) for a reader of the item. */
export async function packageOf(
  ctx: AppContext,
  actor: ArchiveActor,
  id: string,
): Promise<{ body: NodeJS.ReadableStream; fileName: string }> {
  const row = await readableItem(ctx, actor, id);
  const fileId = row.package_file_id ?? (await makePackage(ctx, row.id, actor.userCode));
  const file = await findFile(ctx.db, fileId);
  const stream = file ? openBlob(ctx, file) : null;
  if (!stream) throw notFound('归档包文件不存在');
  return { body: stream, fileName: `${row.archive_code}-${row.title}`.slice(0, 120) + '.zip' };
}
