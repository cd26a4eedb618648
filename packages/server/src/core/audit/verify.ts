import { chinaDateTime } from '@oa/shared/format/china-time';
import type { Db } from '../../db/database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { nowIso } from '../../lib/time';
import { anchorMac, GENESIS_HASH, linkHash } from '../../lib/audit-link';
import {
  anchorsFrom,
  chainBatch,
  chainHead,
  insertAnchor,
  insertVerification,
  lastAnchor,
  lastArchive,
  unchainedRow,
  type AuditRow,
} from './chain.repository';

export interface ChainReport {
  intact: boolean;
  /** links checked (the live table, from the last archived link on) */
  checked: number;
  headSeq: number;
  /** the first broken link: its position, the row there (when there is one), and why, in Chinese */
  broken?: { seq: number; auditId: number | null; at: string | null; action: string | null; reason: string };
  message: string;
}

const BATCH = 2000;

function brokenAt(seq: number, row: AuditRow | null, reason: string, checked: number, headSeq: number): ChainReport {
  const where = row ? `第 ${seq} 条（编号 ${row.id}，${chinaDateTime(row.at)}，${row.action}）` : `第 ${seq} 条`;
  return {
    intact: false,
    checked,
    headSeq,
    broken: { seq, auditId: row ? Number(row.id) : null, at: row?.at ?? null, action: row?.action ?? null, reason },
    message: `审计链在${where}断开：${reason}`,
  };
}

/**
 * Walks the chain from the last archived link (or the start) to the head: each row must be the next position, its
 * hash the SM3 link over the previous row's hash and its own fields, each sealed checkpoint must match its position
 * and carry a valid HMAC-SM3, and the last row must be the head. Answers the first broken link.
 */
export async function verifyChain(db: Db, keys: FieldKeyring): Promise<ChainReport> {
  const head = await chainHead(db);
  const headSeq = Number(head.seq);
  const archive = await lastArchive(db);
  let prevSeq = archive ? Number(archive.upto_seq) : 0;
  let prevHash = archive?.last_hash ?? GENESIS_HASH;
  const stray = await unchainedRow(db);
  if (stray)
    return brokenAt(prevSeq, null, `编号 ${stray.id} 的记录（${stray.at}，${stray.action}）不在链上，是绕过系统写入的`, 0, headSeq);
  const anchors = await anchorsFrom(db, prevSeq + 1);
  for (const a of anchors) {
    const key = keys.all.get(a.key_id);
    if (key && anchorMac(key.mac, Number(a.seq), a.hash) !== a.mac)
      return brokenAt(Number(a.seq), null, '检查点的密封值不符，检查点被改写', 0, headSeq);
  }
  const anchorAt = new Map(anchors.map((a) => [Number(a.seq), a.hash]));
  let checked = 0;
  for (;;) {
    const rows = await chainBatch(db, prevSeq, BATCH);
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== prevSeq + 1) return brokenAt(prevSeq + 1, null, `缺少第 ${prevSeq + 1} 至 ${seq - 1} 条记录（被删除）`, checked, headSeq);
      if (linkHash(prevHash, { ...r, seq }) !== r.hash)
        return brokenAt(seq, r, '记录内容与链上的哈希不符（该条或其前一条被改动）', checked, headSeq);
      const anchored = anchorAt.get(seq);
      if (anchored !== undefined && anchored !== r.hash) return brokenAt(seq, r, '与密封的检查点不符，此前的记录被改写', checked, headSeq);
      prevSeq = seq;
      prevHash = r.hash;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  if (prevSeq !== headSeq || prevHash !== head.hash)
    return brokenAt(
      prevSeq + 1,
      null,
      `链尾应为第 ${headSeq} 条，实际只到第 ${prevSeq} 条（末尾记录被删除或链头被改动）`,
      checked,
      headSeq,
    );
  const last = await lastAnchor(db);
  if (last && Number(last.seq) > headSeq)
    return brokenAt(headSeq + 1, null, `检查点记到第 ${last.seq} 条，链上记录被删除`, checked, headSeq);
  return { intact: true, checked, headSeq, message: `审计链完整：校验 ${checked} 条，链头第 ${headSeq} 条` };
}

/** Seals the head as a checkpoint (when it moved since the last one): history before it can no longer be rewritten unseen. */
export async function anchorHead(db: Db, keys: FieldKeyring): Promise<void> {
  const head = await chainHead(db);
  const last = await lastAnchor(db);
  if (!Number(head.seq) || (last && Number(last.seq) >= Number(head.seq))) return;
  const seq = Number(head.seq);
  await insertAnchor(db, { seq, hash: head.hash, key_id: keys.current.id, mac: anchorMac(keys.current.mac, seq, head.hash), at: nowIso() });
}

/** Verifies, keeps the outcome (the self-check and the page show the last one), and seals the head when intact. */
export async function verifyAndRecord(db: Db, keys: FieldKeyring, userCode: string | null): Promise<ChainReport> {
  const report = await verifyChain(db, keys);
  await insertVerification(db, {
    at: nowIso(),
    user_code: userCode,
    intact: report.intact ? 1 : 0,
    checked: report.checked,
    head_seq: report.headSeq,
    broken_seq: report.broken?.seq ?? null,
    broken_audit_id: report.broken?.auditId ?? null,
    message: report.message.slice(0, 500),
  });
  if (report.intact) await anchorHead(db, keys);
  return report;
}
