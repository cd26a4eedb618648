import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import { cleanRichText } from '../../core/rich-text';
import { indexEntry, READER, removeEntry, unindexedDocumentsAfter } from '../../core/search/search-index';
import type { Db } from '../../db/database';
import { permOf } from './documents.access';
import { ARCHIVE_PERM, archivistsRead } from '../../core/ports/document-port';
import { findDoc, recipientCodes, type DocRowDb } from './documents.repository';

/**
 * Official documents in the site search (kind 'document'): every write that changes a document's title, text,
 * status, recipients or archive flag re-indexes it in its transaction. The readers mirror `canReadDoc`
 * (documents.access.ts): the registrar/drafter, administrators, the managers (office: the module's manage
 * permission; department: that permission within the document's department), the recipients, archivists once
 * it is filed. Workflow participants (tasks, CC copies) read it through the process: the entry's `module` is
 * the document's workflow module and `ref_id` its id, as the engine's instance names them.
 */
function documentReaders(doc: DocRowDb, recipients: readonly string[]): string[] {
  const manage = permOf(doc.kind, doc.scope, 'manage');
  const out = [READER.user(doc.creator), READER.admin];
  if (doc.scope === 'office') out.push(READER.perm(manage));
  else if (doc.dept_code) out.push(READER.permInDept(manage, doc.dept_code));
  for (const u of recipients) out.push(READER.user(u));
  if (archivistsRead(doc)) out.push(READER.perm(ARCHIVE_PERM));
  return [...new Set(out)];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form data beyond the columns (the lifecycle's parseData, not imported: the lifecycle indexes too). */
function dataOf(doc: DocRowDb): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(doc.data);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The searchable text of a document: numbers, issuing and receiving bodies, summary, the main text. */
function documentText(doc: DocRowDb): string {
  const d = dataOf(doc);
  const body = str(d.bodyHtml) ? cleanRichText(str(d.bodyHtml)).text : '';
  return [
    moduleByCode(doc.module_code)?.name,
    doc.serial_no,
    doc.doc_no,
    doc.source_no,
    doc.source_org,
    str(d.issuer),
    doc.main_to,
    str(d.ccTo),
    str(d.summary),
    str(d.attachNote),
    body,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Indexes (or re-indexes) a document in the caller's transaction; a deleted one leaves the index. */
export async function indexDocument(trx: Db, docId: string): Promise<void> {
  const doc = await findDoc(trx, docId);
  if (!doc) return removeEntry(trx, 'document', docId);
  const m = moduleByCode(doc.module_code);
  await indexEntry(trx, {
    kind: 'document',
    refId: doc.id,
    module: doc.module_code,
    title: doc.title,
    body: documentText(doc),
    link: `${m?.routes.preview ?? m?.routes.list ?? ''}?id=${encodeURIComponent(doc.id)}`,
    updatedAt: doc.updated_at,
    readers: documentReaders(doc, await recipientCodes(trx, doc.id)),
  });
}

/**
 * Indexes the documents written without the service (demo data, a database from before documents were
 * searchable): the start-up back-fill (core runBackfill), one page of document ids per step.
 */
export async function* backfillSteps(ctx: AppContext): AsyncGenerator<void> {
  for (let after = ''; ;) {
    const { last, ids } = await unindexedDocumentsAfter(ctx.db, after, 2000);
    if (last === null) return;
    if (ids.length)
      await ctx.db.transaction().execute(async (trx) => {
        for (const id of ids) await indexDocument(trx, id);
      });
    after = last;
    yield;
  }
}
