import { createHash } from 'node:crypto';
import type { IssuedFacts, VerifyCheck } from '@oa/shared/contract/doc-verify';
import type { AppContext } from '../../core/context';
import { notFound, tooMany } from '../../lib/errors';
import { verifyPdf } from '../../lib/pades-pdf';
import { findIssued } from './issued.repository';

/**
 * The public verification of issued documents (issue 37): anyone with the QR code's id sees 文号, date, issuer
 * and the issued file's hashes — nothing else of the document — and may check a file against them. Both answers
 * are rate-limited per client address (no login stands in front of them).
 */
const MINUTE = 60_000;
const LIMITS = { facts: 60, check: 20 } as const;

async function limited(ctx: AppContext, what: keyof typeof LIMITS, ip: string): Promise<void> {
  if (!(await ctx.rateLimiter.hit(`verify-${what}:${ip}`, LIMITS[what], MINUTE)).allowed) throw tooMany('验证过于频繁，请稍后再试');
}

async function issued(ctx: AppContext, id: string) {
  const row = await findIssued(ctx.db, id);
  if (!row) throw notFound('未找到该验证编号对应的印发文件');
  return row;
}

export async function facts(ctx: AppContext, id: string, ip: string): Promise<IssuedFacts> {
  await limited(ctx, 'facts', ip);
  const row = await issued(ctx, id);
  return { docNo: row.doc_no, issueDate: row.issue_date, issuer: row.issuer, sha256: row.sha256, sm3: row.sm3 };
}

/**
 * A file is the one issued when its SHA-256 and SM3 are the issued file's and its signature verifies, made by the
 * certificate that signed at issue (a file re-signed by someone else, or changed by one byte, is not).
 */
export async function check(ctx: AppContext, id: string, upload: () => Promise<Buffer>, ip: string): Promise<VerifyCheck> {
  await limited(ctx, 'check', ip);
  const row = await issued(ctx, id);
  const file = await upload();
  const sha256 = createHash('sha256').update(file).digest('hex');
  const sm3 = createHash('sm3').update(file).digest('hex');
  // the signature is read only of a file whose hashes are the issued file's: a stranger's upload is never parsed
  const same = sha256 === row.sha256 && sm3 === row.sm3;
  const signature = same ? verifyPdf(file) : null;
  const match = !!signature?.valid && signature.certSha256 === row.cert_sha256;
  return { match, sha256, sm3 };
}
