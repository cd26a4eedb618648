import { z } from 'zod';

/**
 * The public verification of an issued document (issue 37): the QR code printed on the issued PDF opens
 * /oa/verify/<id>; the page shows only 文号, date, issuer and the file's hashes, and checks an uploaded file.
 */
export const VERIFY_API = {
  facts: '/api/base/oa/verify/facts',
  check: '/api/base/oa/verify/check',
} as const;

/** The QR code's id: 16 random bytes in base64url. */
export const verifyId = z.string({ message: '请提供验证编号' }).regex(/^[A-Za-z0-9_-]{22}$/, { message: '验证编号格式不正确' });
export const verifyQuery = z.object({ id: verifyId });

export const issuedFacts = z.object({
  docNo: z.string(),
  issueDate: z.string(),
  issuer: z.string(),
  sha256: z.string(),
  sm3: z.string(),
});
export type IssuedFacts = z.infer<typeof issuedFacts>;

/** POST check (multipart: id, then the file) — is the file exactly the one issued? */
export const verifyCheck = z.object({
  match: z.boolean(),
  /** the uploaded file's hashes, to compare by eye with the issued ones */
  sha256: z.string(),
  sm3: z.string(),
});
export type VerifyCheck = z.infer<typeof verifyCheck>;
