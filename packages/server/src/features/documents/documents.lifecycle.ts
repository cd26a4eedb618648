import type { AppContext } from '../../core/context';
import type { ProcessOutcome, RecordLifecycle } from '../../core/ports/workflow-port';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { findDoc, setDoc, type DocRowDb } from './documents.repository';
import { indexDocument } from './documents.search';
import { checkLeader } from './documents.leaders';
import { mayReadDocument } from './documents.access';
import { DOC_STATUS_LABELS, type DocStatus } from '@oa/shared/contract/documents';
import { userNames } from '../../core/identity/identity.repository';
import { deptNames } from './documents.repository';

/** The fields an approver's node may let them change (拟办 fills in the leader, handlers and readers). */
const PATCHABLE: Record<string, 'user' | 'users'> = {
  leader: 'user',
  handlers: 'users',
  readers: 'users',
  countersigners: 'users',
  signer: 'user',
};

export const parseData = (doc: Pick<DocRowDb, 'data'>): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(doc.data);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** What the workflow sees of a document: the declared fields (conditions, 'formUser' approvers). */
export function formOf(doc: DocRowDb): Record<string, unknown> {
  const d = parseData(doc);
  return {
    title: doc.title,
    secretLevel: doc.secret_level,
    urgency: doc.urgency,
    sourceOrg: doc.source_org,
    sourceNo: doc.source_no,
    receivedDate: doc.received_date,
    deadline: doc.deadline,
    mainTo: doc.main_to,
    ccTo: d.ccTo ?? null,
    leader: d.leader ?? null,
    handlers: d.handlers ?? [],
    readers: d.readers ?? [],
    countersigners: d.countersigners ?? [],
    signer: d.signer ?? null,
  };
}

/**
 * Moves a document by its process's outcome: the one function for the outcomes the engine reports and
 * for the one `start` returns (a process that ends at once), so the document's status is the instance's.
 */
export async function applyDocOutcome(trx: Db, docId: string, outcome: ProcessOutcome): Promise<void> {
  if (outcome === 'running') return;
  const doc = await findDoc(trx, docId);
  if (!doc || doc.status !== 'running') return;
  const at = nowIso();
  const approved = outcome === 'approved';
  const status = approved ? (doc.kind === 'receipt' ? 'done' : 'signed') : outcome === 'terminated' ? 'rejected' : outcome;
  await setDoc(trx, doc.id, { status, updated_at: at, finished_at: approved && doc.kind === 'receipt' ? at : doc.finished_at });
  await indexDocument(trx, doc.id);
}

/** The area's side of the workflow seam: outcomes move the document, forms feed conditions and approvers. */
export function documentsLifecycle(ctx: AppContext): RecordLifecycle {
  return {
    onOutcome: (trx, input) => applyDocOutcome(trx, input.recordId, input.outcome),
    canRead: (db, input) => mayReadDocument(ctx, db, input.userCode, input.recordId),
    /** The 处理笺's head and fields for a reader of the document (null for anyone else). */
    async viewForm(db, input) {
      const doc = await findDoc(db, input.recordId);
      if (!doc || !(await mayReadDocument(ctx, db, input.userCode, doc.id))) return null;
      const [names, depts] = await Promise.all([userNames(db, [doc.creator]), deptNames(db)]);
      return {
        title: doc.title,
        serialNo: doc.doc_no ? `${doc.serial_no}（${doc.doc_no}）` : doc.serial_no,
        statusLabel: DOC_STATUS_LABELS[doc.status as DocStatus] ?? doc.status,
        draft: doc.status === 'draft',
        variant: null,
        applicantName: names.get(doc.creator) ?? doc.creator,
        deptName: doc.dept_code ? (depts.get(doc.dept_code) ?? null) : null,
        submittedAt: doc.submitted_at,
        form: formOf(doc),
        startNode: doc.kind === 'receipt' ? '登记' : '拟稿',
      };
    },
    async getForm(db, input) {
      const doc = await findDoc(db, input.recordId);
      return doc ? { title: doc.title, serialNo: doc.serial_no, form: formOf(doc), applicant: doc.creator } : null;
    },
    async patchForm(trx, input) {
      const doc = await findDoc(trx, input.recordId);
      if (!doc) return;
      const data = parseData(doc);
      if (typeof input.patch.leader === 'string') await checkLeader(trx, input.patch.leader, 'formPatch.leader');
      for (const [k, v] of Object.entries(input.patch)) {
        const kind = PATCHABLE[k];
        if (kind === 'user' && (v === null || (typeof v === 'string' && v.length <= 64))) data[k] = v;
        if (kind === 'users' && Array.isArray(v) && v.length <= 50 && v.every((x) => typeof x === 'string' && x.length <= 64)) data[k] = v;
      }
      await setDoc(trx, doc.id, { data: JSON.stringify(data), updated_at: nowIso() });
      await indexDocument(trx, doc.id);
    },
  };
}
