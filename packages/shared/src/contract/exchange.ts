import { z } from 'zod';
import { pageQuery } from './envelope';

/**
 * Exchange with member units (issue 37): a dispatched document is sent to member units, whose contacts (platform
 * 20, an outside account) read it, download it and sign for it (签收) with an optional reply, in their own area
 * `/unitForWeb`. The sender sees per unit: sent, read, signed, replied, overdue, and urges the late ones.
 */
export const EXCHANGE_API = {
  units: '/api/auth/oa/exchange/units',
  send: '/api/auth/oa/exchange/send',
  receipts: '/api/auth/oa/exchange/receipts',
  urge: '/api/auth/oa/exchange/urge',
  recognize: '/api/auth/oa/exchange/recognize',
  /** the member-unit contacts' own area */
  unitDocs: '/api/auth/oa/unit/docs',
  unitDoc: '/api/auth/oa/unit/doc',
  unitFile: '/api/auth/oa/unit/file',
  unitUpload: '/api/auth/oa/unit/upload',
  unitSign: '/api/auth/oa/unit/sign',
  unitNotices: '/api/auth/oa/unit/notices',
} as const;

const id = z.string({ message: '请选择公文' }).trim().min(1, '请选择公文').max(64, '编号过长');

export const memberUnit = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  contacts: z.array(z.object({ userCode: z.string(), userName: z.string() })),
});
export type MemberUnit = z.infer<typeof memberUnit>;

export const sendBody = z.object({
  id,
  unitIds: z.array(z.string().trim().min(1).max(64), { message: '请选择成员单位' }).min(1, '请选择成员单位').max(500),
  /** the time by which each unit should sign (ISO); none: no due time */
  dueAt: z.iso.datetime({ message: '签收时限格式不正确', offset: true }).nullable().optional(),
});
export type SendBody = z.infer<typeof sendBody>;

export const urgeBody = z.object({
  id,
  /** the units to urge; none: every unit that has not signed */
  unitIds: z.array(z.string().trim().min(1).max(64)).max(500).optional(),
});

export const EXCHANGE_STATES = ['sent', 'read', 'signed'] as const;
export const EXCHANGE_STATE_LABELS = { sent: '未读', read: '已读未签收', signed: '已签收' } as const;

export const receiptRow = z.object({
  id: z.string(),
  unitId: z.string(),
  unitName: z.string(),
  sentAt: z.string(),
  dueAt: z.string().nullable(),
  readAt: z.string().nullable(),
  readBy: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  replyText: z.string().nullable(),
  replyFileId: z.string().nullable(),
  replyFileName: z.string().nullable(),
  overdue: z.boolean(),
  urgeCount: z.number().int(),
  lastUrgedAt: z.string().nullable(),
  state: z.enum(EXCHANGE_STATES),
});
export type ReceiptRow = z.infer<typeof receiptRow>;

export const receiptsAnswer = z.object({
  rows: z.array(receiptRow),
  /** the actor may send and urge (a manager of the dispatch, once printed) */
  can: z.object({ send: z.boolean(), urge: z.boolean() }),
});

export const unitDocRow = z.object({
  id: z.string(),
  docNo: z.string().nullable(),
  title: z.string(),
  sender: z.string(),
  sentAt: z.string(),
  dueAt: z.string().nullable(),
  readAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  replyText: z.string().nullable(),
  overdue: z.boolean(),
});
export type UnitDocRow = z.infer<typeof unitDocRow>;
export const unitDocsQuery = pageQuery;
export const idOnly = z.object({ id });
export const unitFileQuery = z.object({ id, format: z.enum(['pdf', 'ofd'], { message: '格式应为 pdf 或 ofd' }).default('pdf') });

export const signBody = z.object({
  id,
  replyText: z.string().trim().max(2000, '回复不超过 2000 字').optional(),
  replyFileId: z.string().trim().min(1).max(64).optional(),
});

export const unitNotice = z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.string() });

/** What a received PDF/OFD says of itself, for the clerk to confirm (each null when not found). */
export const recognized = z.object({
  sourceNo: z.string().nullable(),
  sourceOrg: z.string().nullable(),
  title: z.string().nullable(),
  docDate: z.string().nullable(),
});
export type Recognized = z.infer<typeof recognized>;
export const recognizeBody = z.object({ fileId: z.string({ message: '请先上传文件' }).trim().min(1, '请先上传文件').max(64) });
