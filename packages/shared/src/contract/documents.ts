import { z } from 'zod';
import { pageQuery } from './envelope';

import { DOC_KINDS, DOC_SCOPES } from './document-routes';

/**
 * Status of a document. The workflow runs while 'running'; a receipt ends 'done' (办结); a dispatch
 * ends its approval 'signed' (签发), then the office numbers, prints and distributes it.
 */
export const DOC_STATUSES = [
  'draft',
  'running',
  'returned',
  'withdrawn',
  'rejected',
  'done',
  'signed',
  'numbered',
  'printed',
  'distributed',
] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];
/**
 * What the 发文字号 / 文号 column shows: the number given at 编号, "未编号" before — never the internal
 * serial (拟稿编号), which is not a document number. A receipt is known by its 收文编号.
 */
export const UNNUMBERED = '未编号';
export const docNoText = (d: { kind: 'receipt' | 'dispatch'; docNo: string | null; serialNo: string }): string =>
  d.kind === 'receipt' ? d.serialNo : (d.docNo ?? UNNUMBERED);

export const DOC_STATUS_LABELS: Readonly<Record<DocStatus, string>> = {
  draft: '草稿',
  running: '办理中',
  returned: '已退回',
  withdrawn: '已撤回',
  rejected: '已驳回',
  done: '已办结',
  signed: '已签发',
  numbered: '已编号',
  printed: '已印制',
  distributed: '已分发',
};
export const DOC_STATUS_COLORS: Readonly<Record<DocStatus, string>> = {
  draft: 'default',
  running: 'processing',
  returned: 'warning',
  withdrawn: 'default',
  rejected: 'error',
  done: 'success',
  signed: 'cyan',
  numbered: 'blue',
  printed: 'geekblue',
  distributed: 'success',
};
/** statuses after which a document may be filed */
export const FILEABLE_STATUSES: readonly DocStatus[] = ['done', 'distributed'];
export const EDITABLE_DOC_STATUSES: readonly DocStatus[] = ['draft', 'returned', 'withdrawn'];

const id = z.string({ message: '缺少 id' }).trim().min(1, { message: '缺少 id' }).max(64, { message: 'id 过长' });
const text = (label: string, max: number) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .max(max, { message: `${label}不能超过 ${max} 个字` });
const reqText = (label: string, max: number) => text(label, max).min(1, { message: `请输入${label}` });
const optText = (label: string, max: number) =>
  text(label, max)
    .nullish()
    .transform((v) => v || null);
const date = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 YYYY-MM-DD` });
const userCode = z.string().trim().min(1).max(64);
const users = (label: string) =>
  z
    .array(userCode, { message: `${label}格式错误` })
    .max(50, { message: `${label}最多 50 人` })
    .default([]);
const fileId = z.string().regex(/^f[0-9a-f]{30}$/, { message: '文件标识无效' });

export const SECRET_LEVELS = ['公开', '内部', '秘密', '机密'] as const;
export const URGENCIES = ['普通', '加急', '特急'] as const;
export const RETENTIONS = ['Y', 'D30', 'D10'] as const;

export const docAttachment = z.object({ fileId, fileName: z.string().trim().min(1).max(255) });
export type DocAttachment = z.infer<typeof docAttachment>;

export const docScopeKind = z.object({
  kind: z.enum(DOC_KINDS, { message: '公文类别 kind 应为 receipt 或 dispatch' }),
  scope: z.enum(DOC_SCOPES, { message: '公文级别 scope 应为 office 或 dept' }).default('office'),
});

/** the form of a receipt (收文登记) */
export const receiptForm = z.object({
  title: reqText('文件标题', 200),
  sourceOrg: reqText('来文单位', 100),
  sourceNo: optText('来文字号', 64),
  typeId: optText('收文类型', 64),
  secretLevel: z.enum(SECRET_LEVELS, { message: '请选择密级' }),
  urgency: z.enum(URGENCIES, { message: '请选择紧急程度' }),
  receivedDate: date('收文日期'),
  copies: z.coerce
    .number({ message: '份数应为数字' })
    .int({ message: '份数应为整数' })
    .min(1, { message: '份数至少为 1' })
    .max(9999, { message: '份数不能超过 9999' })
    .default(1),
  deadline: date('办理时限')
    .nullish()
    .transform((v) => v || null),
  summary: optText('内容摘要', 2000),
  leader: userCode.nullish().transform((v) => v || null),
  handlers: users('承办人'),
  readers: users('传阅人'),
  bodyFileId: fileId.nullish().transform((v) => v || null),
  attachments: z.array(docAttachment).max(20, { message: '附件最多 20 个' }).default([]),
});
export type ReceiptForm = z.infer<typeof receiptForm>;

/** the form of a dispatch (发文拟稿) */
export const dispatchForm = z.object({
  title: reqText('文件标题', 200),
  typeId: reqText('发文类型', 64),
  secretLevel: z.enum(SECRET_LEVELS, { message: '请选择密级' }),
  urgency: z.enum(URGENCIES, { message: '请选择紧急程度' }),
  mainTo: reqText('主送', 500),
  ccTo: optText('抄送', 500),
  countersigners: users('会签人'),
  signer: userCode.min(1, { message: '请选择签发人' }),
  issuer: optText('发文机关', 100),
  bodyHtml: text('正文', 100_000).default(''),
  bodyFileId: fileId.nullish().transform((v) => v || null),
  attachments: z.array(docAttachment).max(20, { message: '附件最多 20 个' }).default([]),
  attachNote: optText('附件说明', 500),
  copies: z.coerce.number({ message: '印制份数应为数字' }).int().min(1, { message: '印制份数至少为 1' }).max(9999).default(1),
});
export type DispatchForm = z.infer<typeof dispatchForm>;

export const saveDocBody = docScopeKind.extend({
  id: id.optional(),
  form: z.record(z.string(), z.unknown(), { message: '缺少表单 form' }),
  submit: z.boolean().default(false),
});
export const idBody = z.object({ id });
/** 印制: optionally with a seal (印章管理) — the actor keeps it, or names the approved 用印 application that asks for it */
export const printBody = z.object({
  id,
  sealId: z.string().max(40).nullable().default(null),
  stampRecordId: z.string().max(64).nullable().default(null),
});
export const idQuery = z.object({ id });

export const DOC_BOXES = ['mine', 'todo', 'involved', 'all'] as const;
export const docListQuery = pageQuery.extend({
  kind: z.enum(DOC_KINDS, { message: '公文类别 kind 应为 receipt 或 dispatch' }),
  scope: z.enum(DOC_SCOPES).default('office'),
  /** mine: I registered/drafted; todo: open task of mine; involved: I took part or received; all: managers */
  box: z.enum(DOC_BOXES).default('involved'),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  status: z.enum(DOC_STATUSES).optional(),
  keyword: z.string().trim().max(100).optional(),
  sourceOrg: z.string().trim().max(100).optional(),
  typeId: z.string().trim().max(64).optional(),
  overdue: z.enum(['Y', 'N']).optional(),
});
export type DocListQuery = z.infer<typeof docListQuery>;

export const docRow = z.object({
  id: z.string(),
  kind: z.enum(DOC_KINDS),
  scope: z.enum(DOC_SCOPES),
  moduleCode: z.string(),
  serialNo: z.string(),
  docNo: z.string().nullable(),
  title: z.string(),
  typeId: z.string().nullable(),
  typeName: z.string().nullable(),
  sourceOrg: z.string().nullable(),
  sourceNo: z.string().nullable(),
  mainTo: z.string().nullable(),
  secretLevel: z.string(),
  urgency: z.string(),
  status: z.enum(DOC_STATUSES),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  creator: z.string(),
  creatorName: z.string(),
  receivedDate: z.string().nullable(),
  deadline: z.string().nullable(),
  overdue: z.boolean(),
  archived: z.boolean(),
  currentNodes: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DocRow = z.infer<typeof docRow>;

export const sheetStep = z.object({
  node: z.string(),
  action: z.string(),
  actor: z.string(),
  actorName: z.string(),
  comment: z.string().nullable(),
  /** the handwritten signature drawn with the opinion (file id of a PNG), if any */
  signatureFileId: z.string().nullable().optional(),
  at: z.string(),
});
export type SheetStep = z.infer<typeof sheetStep>;

export const distributionRow = z.object({
  id: z.string(),
  recipientKind: z.enum(['user', 'dept', 'external']),
  recipientName: z.string(),
  userCode: z.string().nullable(),
  userName: z.string().nullable(),
  deptName: z.string().nullable(),
  receivedAt: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DistributionRow = z.infer<typeof distributionRow>;

export const docDetail = docRow.extend({
  form: z.record(z.string(), z.unknown()),
  bodyHtml: z.string(),
  attachments: z.array(docAttachment),
  bodyFileId: z.string().nullable(),
  printedFileId: z.string().nullable(),
  /** the processing sheet: each step's opinion, signer and time in step order */
  sheet: z.array(sheetStep),
  /** what the viewer may do beyond the workflow task actions */
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    number: z.boolean(),
    print: z.boolean(),
    /** 打印处理笺: every reader of a submitted document (the printed 处理笺, features/print) */
    printSheet: z.boolean(),
    distribute: z.boolean(),
    manage: z.boolean(),
    read: z.boolean(),
    /** the server's own rules (the ones its actions refuse by): 撤回 and 归档 are shown by these */
    withdraw: z.boolean(),
    archive: z.boolean(),
    supervise: z.boolean(),
  }),
  /** the viewer's own distribution copy (read receipt) */
  myCopy: distributionRow.nullable(),
  numberedAt: z.string().nullable(),
});
export type DocDetail = z.infer<typeof docDetail>;

// ---------------------------------------------------------------- types and numbering

export const docType = z.object({
  id: z.string(),
  kind: z.enum(DOC_KINDS),
  scope: z.enum(DOC_SCOPES),
  deptCode: z.string().nullable(),
  name: z.string(),
  prefix: z.string(),
  enabled: z.enum(['Y', 'N']),
  sortNo: z.number().int(),
  remark: z.string().nullable(),
  /** the next number of the current year */
  nextNo: z.number().int(),
});
export type DocType = z.infer<typeof docType>;
export const docTypeQuery = docScopeKind.extend({ all: z.enum(['Y', 'N']).default('N') });
export const docTypeBody = docScopeKind.extend({
  id: id.optional(),
  name: reqText('类型名称', 50),
  prefix: reqText('机关代字', 20).regex(/^[\u4e00-\u9fa5A-Za-z0-9]+$/, { message: '机关代字只能包含汉字、字母和数字' }),
  enabled: z.enum(['Y', 'N']).default('Y'),
  sortNo: z.coerce.number().int().min(0).max(9999).default(0),
  remark: optText('备注', 200),
});

export const NUMBER_STATES = ['used', 'reserved', 'voided'] as const;
export const numberRow = z.object({
  id: z.string(),
  typeId: z.string(),
  year: z.number().int(),
  seq: z.number().int(),
  docNo: z.string(),
  state: z.enum(NUMBER_STATES),
  docId: z.string().nullable(),
  docTitle: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type NumberRow = z.infer<typeof numberRow>;
export const numberListQuery = z.object({ typeId: id, year: z.coerce.number().int().min(2000).max(2100).optional() });
export const reserveBody = z.object({ typeId: id, reason: reqText('预留原因', 200) });
export const voidBody = z.object({ numberId: id, reason: reqText('作废原因', 200) });
/** assigns the document its number: the next one, or a reserved one of its type */
export const numberBody = z.object({ id, reservedId: id.optional() });

export const distributeBody = z.object({
  id,
  userCodes: users('分发人员'),
  deptCodes: z.array(z.string().trim().min(1).max(32)).max(50, { message: '分发部门最多 50 个' }).default([]),
  externals: z.array(reqText('外部单位', 100)).max(50, { message: '外部单位最多 50 个' }).default([]),
});

/** the "待阅公文" widget and /dispatch's reading box */
export const toReadRow = z.object({
  distributionId: z.string(),
  docId: z.string(),
  title: z.string(),
  docNo: z.string().nullable(),
  kind: z.enum(DOC_KINDS),
  scope: z.enum(DOC_SCOPES),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ToReadRow = z.infer<typeof toReadRow>;
export const toReadQuery = pageQuery.extend({ unreadOnly: z.enum(['Y', 'N']).default('Y') });

/** `X协〔2026〕12号` */
export const formatDocNo = (prefix: string, year: number, seq: number): string => `${prefix}〔${year}〕${seq}号`;

export const DOC_API = {
  list: '/api/auth/oa/documents/list',
  export: '/api/auth/oa/documents/export',
  detail: '/api/auth/oa/documents/detail',
  save: '/api/auth/oa/documents/save',
  submit: '/api/auth/oa/documents/submit',
  remove: '/api/auth/oa/documents/remove',
  types: '/api/auth/oa/documents/types',
  typeSave: '/api/auth/oa/documents/types/save',
  numbers: '/api/auth/oa/documents/numbers',
  number: '/api/auth/oa/documents/number',
  reserve: '/api/auth/oa/documents/numbers/reserve',
  void: '/api/auth/oa/documents/numbers/void',
  pdf: '/api/auth/oa/documents/render/pdf',
  docx: '/api/auth/oa/documents/render/docx',
  ofd: '/api/auth/oa/documents/render/ofd',
  print: '/api/auth/oa/documents/print',
  distribute: '/api/auth/oa/documents/distribute',
  distribution: '/api/auth/oa/documents/distribution',
  read: '/api/auth/oa/documents/read',
  toRead: '/api/auth/oa/documents/toRead',
  leaders: '/api/auth/oa/documents/leaders',
} as const;

/** GET leaders — whom the 批示领导 picker offers */
export const leaderOption = z.object({ userCode: z.string(), userName: z.string(), deptCode: z.string().nullable() });
export type LeaderOption = z.infer<typeof leaderOption>;
