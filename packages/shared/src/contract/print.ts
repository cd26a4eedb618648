import { z } from 'zod';

/** Printed approval sheets (审批单/处理笺) and handwritten signatures (issue 38). */
export const PRINT_API = {
  /** GET: the record's A4 sheet as PDF or Word (any reader of the record) */
  sheet: '/api/auth/oa/sheet/print',
  /** POST multipart (field file): a handwritten signature drawn on the pad, a PNG */
  signature: '/api/auth/oa/sheet/signature',
} as const;

export const SHEET_FORMATS = ['pdf', 'docx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const sheetQuery = z.object({
  moduleCode: z.string().min(1).max(64),
  recordId: z.string().min(1).max(64),
  format: z.enum(SHEET_FORMATS, { message: '格式只能是 pdf 或 docx' }).default('pdf'),
});
export type SheetQuery = z.infer<typeof sheetQuery>;

/** The largest signature image the server keeps (a pad drawing is a few kilobytes). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

export const uploadedSignature = z.object({ fileId: z.string() });
export type UploadedSignature = z.infer<typeof uploadedSignature>;
