import { moduleByCode } from '@oa/shared/modules/registry';
import { actorNameOf, historyActionLabel } from '@oa/shared/workflow/history-labels';
import type { Db } from '../../db/database';
import { recordCopies, recordHistory } from './process-participation.repository';
import { userNames } from '../identity/identity.repository';

/** One line of a record's processing sheet (处理笺), every word in Chinese. */
export interface SheetLine {
  node: string;
  action: string;
  actor: string;
  actorName: string;
  comment: string | null;
  /** the handwritten signature drawn with the opinion (a PNG in the file store), if any */
  signatureFileId: string | null;
  at: string;
}

/**
 * A record's processing sheet as people read it (documents' 处理笺, the archive's copy of it): each step
 * with its Chinese action, whom a step named (拟办's choice of leader and handlers) and who read it at
 * 传阅 and when. `startNode` names the first step (登记 for a receipt, 拟稿 for a dispatch).
 */
export async function processSheet(db: Db, moduleCode: string, recordId: string, startNode: string): Promise<SheetLine[]> {
  const [history, copies] = await Promise.all([recordHistory(db, moduleCode, recordId), recordCopies(db, moduleCode, recordId)]);
  const targets = history.filter((h) => h.action === 'cc').flatMap((h) => h.target?.split(',') ?? []);
  const names = await userNames(db, targets);
  const fields = moduleByCode(moduleCode)?.fields ?? {};
  const steps: SheetLine[] = history.map((h) => ({
    node: h.node_name ?? (h.action === 'submit' ? startNode : ''),
    action: historyActionLabel(h.action),
    actor: h.actor,
    actorName: actorNameOf(h.actor, h.user_name),
    comment:
      h.action === 'cc'
        ? `${h.node_name ?? '抄送'}：${(h.target?.split(',') ?? []).map((c) => names.get(c) ?? c).join('、') || '无'}`
        : h.action === 'formEdit' && !h.comment
          ? (h.target?.split(',') ?? []).map((k) => fields[k]?.label ?? k).join('、')
          : h.comment,
    signatureFileId: h.signature_file_id,
    at: h.created_at,
  }));
  const reads: SheetLine[] = copies.map((c) => ({
    node: c.node_name,
    action: c.read_at ? '已阅' : '未阅',
    actor: c.user_code,
    actorName: c.user_name ?? c.user_code,
    comment: null,
    signatureFileId: null,
    at: c.read_at ?? c.created_at,
  }));
  return [...steps, ...reads].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
