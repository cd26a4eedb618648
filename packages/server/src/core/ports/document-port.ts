import { FILEABLE_STATUSES, type DocStatus } from '@oa/shared/contract/documents';
import type { Db } from '../../db/database';
import type { AppContext } from '../context';

/**
 * The seam between the official documents area (which knows who may read a document) and the archive
 * (which files finished documents): installed by the documents feature at route registration. Filing
 * changes who reads a document (archivists), so the archive has the documents area re-index it.
 */
interface DocumentReaders {
  /** whether the user may read the document (registrar, participants, recipients, managers) */
  canRead(db: Db, userCode: string, docId: string): Promise<boolean>;
  /** re-indexes the document for search (in the caller's transaction: the archive after filing it) */
  reindex(trx: Db, docId: string): Promise<void>;
  /** the filed dispatch as OFD, drawn from its red-header layout (the caller has checked the reader) */
  ofd(docId: string): Promise<{ buffer: Buffer; fileName: string }>;
  /** the filed dispatch's final text (定稿) as Word, from the same layout (the caller has checked the reader) */
  docx(docId: string): Promise<{ buffer: Buffer; fileName: string }>;
}

declare module '../context' {
  interface AppContext {
    documents?: DocumentReaders;
  }
}

export const documentReaders = (ctx: AppContext): DocumentReaders | undefined => ctx.documents;

/** The archive's function code: archivists file documents and read every filed one. */
export const ARCHIVE_PERM = 'doc_archive';

/** Archivists read a document once it may be filed (to check what they file) and ever after it is filed. */
export const archivistsRead = (doc: { status: string; archived: string }): boolean =>
  doc.archived === 'Y' || FILEABLE_STATUSES.includes(doc.status as DocStatus);

/**
 * The one rule of who may file (归档) a document now: an archivist (or an administrator), once it is
 * finished (a receipt 办结, a dispatch distributed) and not yet filed. The archive refuses by it and the
 * documents' pages show 归档 by it (`can.archive`), so the button is offered exactly to those it lets file.
 */
export async function fileRefusal(
  actor: { isAdmin: boolean; can(permission: string): Promise<boolean> },
  doc: { status: string; archived: string },
): Promise<{ forbidden: boolean; message: string } | null> {
  if (!actor.isAdmin && !(await actor.can(ARCHIVE_PERM))) return { forbidden: true, message: '您没有归档权限' };
  if (doc.archived === 'Y') return { forbidden: false, message: '该公文已归档' };
  if (!FILEABLE_STATUSES.includes(doc.status as DocStatus)) return { forbidden: false, message: '公文办结（发文分发）后才能归档' };
  return null;
}
