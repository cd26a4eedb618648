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
}

declare module '../context' {
  interface AppContext {
    documents?: DocumentReaders;
  }
}

export const documentReaders = (ctx: AppContext): DocumentReaders | undefined => ctx.documents;
