import { sm3Hex as sm3 } from '../../lib/sm3';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/time';
import { GENESIS_HASH, linkHash } from '../../lib/audit-link';
import { chainBatch, deleteArchived, insertArchive, lastArchive, type AuditRow } from './chain.repository';
import { verifySignature, type AuditSigner } from './signer';
import { auditEvent, writeAudit } from '../audit';

const DAY = 86_400_000;
const FORMAT = 'assoc-oa-audit-archive/1';

export const archiveDir = (dataDir: string) => path.join(dataDir, 'audit-archive');

/** What the signature covers: everything in the manifest but the signature itself, in a fixed order. */
interface Manifest {
  format: string;
  fromSeq: number;
  uptoSeq: number;
  prevHash: string;
  lastHash: string;
  rowCount: number;
  file: string;
  fileSm3: string;
  createdAt: string;
  publicKey: string;
}
const signedText = (m: Manifest) =>
  JSON.stringify([m.format, m.fromSeq, m.uptoSeq, m.prevHash, m.lastHash, m.rowCount, m.file, m.fileSm3, m.createdAt, m.publicKey]);

/** The rows of the live table from the first unarchived link on, as long as they are older than the cutoff. */
async function expiredRows(db: Db, afterSeq: number, cutoff: string, max: number): Promise<AuditRow[]> {
  const [first] = await chainBatch(db, afterSeq, 1);
  if (!first || first.at >= cutoff) return []; // the hourly run reads one row when nothing is due
  const rows = await chainBatch(db, afterSeq, max);
  const end = rows.findIndex((r) => r.at >= cutoff);
  return end < 0 ? rows : rows.slice(0, end);
}

export interface ArchiveOutcome {
  rows: number;
  file?: string;
  message: string;
}

/**
 * Retention: the rows older than `retentionDays` leave the live table only through a signed archive file. The
 * segment's chain is checked first (a broken one is not archived: it stays for the auditor to see); the file (gzip
 * JSON lines, every field with its seq and hash) and its manifest (signed with SM2) are written and flushed, then in
 * one transaction the archive is recorded, the rows removed (the triggers allow it up to that link) and the act
 * audited. Verification continues from the archive's last hash.
 */
export async function archiveExpired(
  db: Db,
  o: { dataDir: string; retentionDays: number; signer: AuditSigner; now?: Date; userCode?: string | null; maxRows?: number },
): Promise<ArchiveOutcome> {
  const cutoff = new Date((o.now ?? new Date()).getTime() - o.retentionDays * DAY).toISOString();
  const prev = await lastArchive(db);
  const afterSeq = prev ? Number(prev.upto_seq) : 0;
  const prevHash = prev?.last_hash ?? GENESIS_HASH;
  const rows = await expiredRows(db, afterSeq, cutoff, o.maxRows ?? 50_000);
  if (!rows.length) return { rows: 0, message: '没有超过保存期限的审计记录' };
  let hash = prevHash;
  for (const [i, r] of rows.entries()) {
    if (Number(r.seq) !== afterSeq + i + 1 || linkHash(hash, { ...r, seq: Number(r.seq) }) !== r.hash) {
      await auditEvent(db, null, {
        action: 'audit.archive',
        target: `第 ${afterSeq + i + 1} 条`,
        result: 'fail',
        userCode: o.userCode ?? null,
        detail: { reason: '审计链断开，未归档' },
      });
      return { rows: 0, message: `审计链在第 ${afterSeq + i + 1} 条断开，未归档：请先校验完整性` };
    }
    hash = r.hash;
  }
  const fromSeq = afterSeq + 1;
  const uptoSeq = Number(rows[rows.length - 1]!.seq);
  const base = `audit-${String(fromSeq).padStart(10, '0')}-${String(uptoSeq).padStart(10, '0')}`;
  const body = gzipSync(Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n'));
  const manifest: Manifest = {
    format: FORMAT,
    fromSeq,
    uptoSeq,
    prevHash,
    lastHash: hash,
    rowCount: rows.length,
    file: `${base}.jsonl.gz`,
    fileSm3: sm3(body),
    createdAt: nowIso(),
    publicKey: o.signer.publicKey,
  };
  const dir = archiveDir(o.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  writeDurably(path.join(dir, manifest.file), body);
  writeDurably(
    path.join(dir, `${base}.sig.json`),
    Buffer.from(JSON.stringify({ ...manifest, signature: o.signer.sign(signedText(manifest)) }, null, 2)),
  );
  await db.transaction().execute(async (trx) => {
    await insertArchive(trx, {
      from_seq: fromSeq,
      upto_seq: uptoSeq,
      prev_hash: prevHash,
      last_hash: hash,
      row_count: rows.length,
      file_name: manifest.file,
      file_sm3: manifest.fileSm3,
      at: manifest.createdAt,
    });
    await deleteArchived(trx, fromSeq, uptoSeq);
    await writeAudit(trx, null, {
      action: 'audit.archive',
      target: manifest.file,
      result: 'ok',
      userCode: o.userCode ?? null,
      detail: { fromSeq, uptoSeq, rows: rows.length, before: cutoff, fileSm3: manifest.fileSm3 },
    });
  });
  return {
    rows: rows.length,
    file: manifest.file,
    message: `已归档第 ${fromSeq} 至 ${uptoSeq} 条（${rows.length} 条）到 ${manifest.file}`,
  };
}

function writeDurably(file: string, data: Buffer) {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Checks an archive: its manifest's SM2 signature (by this installation's key when given), the file's SM3, and the
 * chain inside it from its first link to its last. `file`: the .jsonl.gz or its .sig.json.
 */
export function checkArchiveFile(file: string, trustedPublicKey: string): { intact: boolean; message: string } {
  const base = file.replace(/\.(jsonl\.gz|sig\.json)$/, '');
  const fail = (why: string) => ({ intact: false, message: `归档 ${path.basename(base)} 校验不通过：${why}` });
  let manifest: Manifest & { signature: string };
  try {
    manifest = JSON.parse(fs.readFileSync(`${base}.sig.json`, 'utf8'));
  } catch {
    return fail(`找不到或无法读取签名清单 ${path.basename(base)}.sig.json`);
  }
  if (manifest.format !== FORMAT) return fail('不是本系统的审计归档');
  if (manifest.publicKey !== trustedPublicKey) return fail('签名密钥不是本系统的审计签名密钥');
  if (!verifySignature(signedText(manifest), manifest.signature, trustedPublicKey)) return fail('SM2 签名不符，清单被改动');
  let body: Buffer;
  try {
    body = fs.readFileSync(`${base}.jsonl.gz`);
  } catch {
    return fail('找不到归档数据文件');
  }
  if (sm3(body) !== manifest.fileSm3) return fail('数据文件的 SM3 与签名清单不符，文件被改动');
  const rows = gunzipSync(body)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRow);
  let hash = manifest.prevHash;
  for (const [i, r] of rows.entries()) {
    const seq = manifest.fromSeq + i;
    if (Number(r.seq) !== seq || linkHash(hash, { ...r, seq }) !== r.hash) return fail(`第 ${seq} 条与链不符`);
    hash = r.hash;
  }
  if (rows.length !== manifest.rowCount || hash !== manifest.lastHash) return fail('条数或末条哈希与签名清单不符');
  return { intact: true, message: `归档 ${path.basename(base)} 完整：第 ${manifest.fromSeq} 至 ${manifest.uptoSeq} 条，SM2 签名有效` };
}
