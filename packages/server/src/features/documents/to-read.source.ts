import { PREVIEW_ROUTE } from '@oa/shared/contract/document-routes';
import type { TodoSource } from '../../core/ports/todo-sources';
import { nowIso } from '../../lib/time';
import { countUnreadCopies, markCopyRead, toRead } from './documents.repository';

/**
 * Distributed documents in the to-do centre's 待阅 (core/ports/todo-sources.ts): each internal recipient's copy,
 * opened on the document's preview page (which records the read, as does marking it read in the centre).
 */
export const documentsTodoSource: TodoSource = {
  code: 'documents',
  name: '公文',
  async page(db, userCode, f) {
    const { rows, total } = await toRead(db, userCode, f.read, f);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.distribution_id,
        title: r.title,
        subtitle: r.doc_no,
        path: `${PREVIEW_ROUTE[r.scope][r.kind]}?id=${r.id}`,
        receivedAt: r.created_at,
        readAt: r.read_at,
      })),
    };
  },
  unread: countUnreadCopies,
  markRead: (db, userCode, id) => markCopyRead(db, id, userCode, nowIso()),
};
