import { z } from 'zod';

/**
 * Word templates of the printed 审批单/处理笺 (issue 38): per approval module, an administrator uploads a .docx
 * with placeholders, previews it against a real record, downloads or deletes it (back to the default sheet).
 */
export const PRINT_TEMPLATE_API = {
  /** GET: every printable module with its template (if any) */
  list: '/api/auth/oa/print-template/list',
  /** GET ?moduleCode: the module's placeholders and its template */
  detail: '/api/auth/oa/print-template/detail',
  /** POST multipart (field file) ?moduleCode: upload or replace the module's template */
  upload: '/api/auth/oa/print-template/upload',
  /** GET ?moduleCode: the template file as uploaded */
  download: '/api/auth/oa/print-template/download',
  /** POST { moduleCode }: remove the template (the default sheet prints again) */
  remove: '/api/auth/oa/print-template/delete',
  /** GET ?moduleCode: the latest submitted records of the module, to preview against */
  records: '/api/auth/oa/print-template/records',
  /** GET ?moduleCode&recordId&format=docx|html: the template filled with a record */
  preview: '/api/auth/oa/print-template/preview',
} as const;

/** The largest template accepted (a Word form with a logo is well under this). */
export const PRINT_TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;

export const templateModuleQuery = z.object({ moduleCode: z.string({ message: '请选择业务' }).min(1, '请选择业务').max(64) });
export const templateRemoveBody = templateModuleQuery;

export const PREVIEW_FORMATS = ['docx', 'html'] as const;
export const templatePreviewQuery = templateModuleQuery.extend({
  recordId: z.string({ message: '请选择记录' }).min(1, '请选择记录').max(64),
  format: z.enum(PREVIEW_FORMATS, { message: '格式只能是 docx 或 html' }).default('docx'),
});

export const templateInfo = z.object({
  fileName: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  uploadedByName: z.string(),
  uploadedAt: z.string(),
});
export type TemplateInfo = z.infer<typeof templateInfo>;

export const templateModuleItem = z.object({
  moduleCode: z.string(),
  /** the sheet's name (用印申请审批单, 收文处理笺 …) */
  sheetName: z.string(),
  template: templateInfo.nullable(),
});
export type TemplateModuleItem = z.infer<typeof templateModuleItem>;

/** One placeholder a template may use: the tag as written in Word, what it prints, whether it is an image. */
export const placeholderItem = z.object({ tag: z.string(), meaning: z.string(), image: z.boolean() });
export type PlaceholderItem = z.infer<typeof placeholderItem>;

export const templateDetail = templateModuleItem.extend({
  /** the record's own placeholders: title, serial, applicant, each declared field, the QR code */
  placeholders: z.array(placeholderItem),
  /** the loop over opinions ({#审批意见}…{/审批意见}) and what each row offers inside it */
  opinionLoop: z.string(),
  opinionPlaceholders: z.array(placeholderItem),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

export const templateRecord = z.object({ recordId: z.string(), serialNo: z.string(), title: z.string(), startedAt: z.string() });
export type TemplateRecord = z.infer<typeof templateRecord>;

export const templatePreviewHtml = z.object({ html: z.string() });
export type TemplatePreviewHtml = z.infer<typeof templatePreviewHtml>;
