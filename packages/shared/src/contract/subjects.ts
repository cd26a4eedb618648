import { z } from 'zod';
import { pageQuery } from './envelope';
import { isMobile } from '../validate/phone';
import { MESSAGES } from '../validate/messages';

/**
 * Research subjects (课题) and their funding: the staff side (/tb*, /foundation*) and the applicants'
 * area (/foundationForWeb, platform 19). Step schemas of the declaration and the contract live in
 * ./subjects-steps.
 */

export const SUBJECT_STATUSES = [
  'draft',
  'returned',
  'submitted',
  'expert_review',
  'approving',
  'approved',
  'rejected',
  'in_progress',
  'midterm',
  'completion_requested',
  'completed',
  'terminated',
] as const;
export type SubjectStatus = (typeof SUBJECT_STATUSES)[number];

export const SUBJECT_STATUS_LABELS: Readonly<Record<SubjectStatus, string>> = {
  draft: '草稿',
  returned: '已退回修改',
  submitted: '待形式审查',
  expert_review: '专家评审中',
  approving: '立项审批中',
  approved: '已立项',
  rejected: '未立项',
  in_progress: '执行中',
  midterm: '中期检查',
  completion_requested: '结题申请中',
  completed: '已结题',
  terminated: '已终止',
};
export const SUBJECT_STATUS_COLORS: Readonly<Record<SubjectStatus, string>> = {
  draft: 'default',
  returned: 'warning',
  submitted: 'processing',
  expert_review: 'processing',
  approving: 'processing',
  approved: 'success',
  rejected: 'error',
  in_progress: 'blue',
  midterm: 'purple',
  completion_requested: 'cyan',
  completed: 'success',
  terminated: 'error',
};
/** Statuses in which the applicant edits the declaration. */
export const DECLARE_EDITABLE: readonly SubjectStatus[] = ['draft', 'returned'];

export const CONTRACT_STATUSES = ['none', 'draft', 'approving', 'returned', 'signed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Readonly<Record<ContractStatus, string>> = {
  none: '未填写',
  draft: '填写中',
  approving: '签订审批中',
  returned: '已退回修改',
  signed: '已签订',
};

/** Module codes the workflow engine carries for this area (engine 'area'). */
export const SUBJECT_MODULE = 'oa_subject';
export const SUBJECT_CONTRACT_MODULE = 'oa_subjectContract';

const id = (label: string) =>
  z
    .string({ message: `缺少${label}` })
    .trim()
    .min(1, { message: `缺少${label}` })
    .max(40, { message: `${label}无效` });
const dateStr = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 YYYY-MM-DD` });
const opinionText = (label: string) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .max(1000, { message: `${label}不能超过1000个字` });
function opinion(label: string, required: true): z.ZodString;
function opinion(label: string, required: false): z.ZodOptional<z.ZodNullable<z.ZodString>>;
function opinion(label: string, required: boolean) {
  return required ? opinionText(label).min(1, { message: `请填写${label}` }) : opinionText(label).nullable().optional();
}

// ---------------------------------------------------------------------------------------------- batches

export const batchItem = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  openDate: z.string(),
  closeDate: z.string(),
  guide: z.string().nullable(),
  budgetCeiling: z.number(),
  totalBudget: z.number().nullable(),
  /** open: today within [openDate, closeDate] */
  open: z.boolean(),
  subjectCount: z.number().int(),
  createdAt: z.string(),
});
export type BatchItem = z.infer<typeof batchItem>;

export const batchBody = z
  .object({
    id: z.string().trim().max(40).optional().nullable(),
    name: z
      .string({ message: '请填写批次名称' })
      .trim()
      .min(1, { message: '请填写批次名称' })
      .max(100, { message: '批次名称不能超过100个字' }),
    year: z
      .number({ message: '请填写年度' })
      .int({ message: '年度须为整数' })
      .min(2000, { message: '年度无效' })
      .max(2100, { message: '年度无效' }),
    openDate: dateStr('申报开始日期'),
    closeDate: dateStr('申报截止日期'),
    guide: z.string().trim().max(20000, { message: '申报指南不能超过20000个字' }).optional().nullable(),
    budgetCeiling: z
      .number({ message: '请填写单项经费上限' })
      .positive({ message: '单项经费上限须大于0' })
      .max(1e10, { message: '单项经费上限过大' }),
    totalBudget: z.number().positive({ message: '批次总经费须大于0' }).max(1e11, { message: '批次总经费过大' }).optional().nullable(),
  })
  .refine((v) => v.closeDate >= v.openDate, { message: '申报截止日期不能早于开始日期', path: ['closeDate'] });
export type BatchBody = z.infer<typeof batchBody>;

// ---------------------------------------------------------------------------------------------- subjects

export const subjectItem = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  year: z.number().int(),
  orgName: z.string().nullable(),
  leaderName: z.string().nullable(),
  budget: z.number().nullable(),
  status: z.enum(SUBJECT_STATUSES),
  contractStatus: z.enum(CONTRACT_STATUSES),
  applicant: z.string(),
  applicantName: z.string().nullable(),
  scoreAvg: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** sums of the ledger */
  fundIn: z.number(),
  fundOut: z.number(),
});
export type SubjectItem = z.infer<typeof subjectItem>;

export const reviewItem = z.object({
  id: z.string(),
  expert: z.string(),
  expertName: z.string().nullable(),
  score: z.number().nullable(),
  opinion: z.string().nullable(),
  scoredAt: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const subjectLog = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type SubjectLog = z.infer<typeof subjectLog>;

export const REPORT_KINDS = ['progress', 'midterm', 'completion'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  progress: '进度报告',
  midterm: '中期检查报告',
  completion: '结题报告',
};

export const reportItem = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  content: z.string().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ReportItem = z.infer<typeof reportItem>;

export const subjectDetail = subjectItem.extend({
  declaration: z.record(z.string(), z.unknown()),
  contract: z.record(z.string(), z.unknown()),
  batch: batchItem,
  reviews: z.array(reviewItem),
  logs: z.array(subjectLog),
  reports: z.array(reportItem),
  manager: z.string().nullable(),
  contractSignedAt: z.string().nullable(),
  /** what the viewer may do here */
  can: z.object({
    edit: z.boolean(),
    formCheck: z.boolean(),
    score: z.boolean(),
    decide: z.boolean(),
    editContract: z.boolean(),
    report: z.boolean(),
    fund: z.boolean(),
  }),
});
export type SubjectDetail = z.infer<typeof subjectDetail>;

export const subjectSearchQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  year: z.coerce.number({ message: '年度须为数字' }).int().min(2000, { message: '年度无效' }).max(2100, { message: '年度无效' }).optional(),
  batchId: z.string().trim().max(40).optional(),
  status: z.enum(SUBJECT_STATUSES, { message: '状态无效' }).optional(),
  leader: z.string().trim().max(30).optional(),
  org: z.string().trim().max(100).optional(),
  budgetMin: z.coerce.number({ message: '经费下限须为数字' }).min(0, { message: '经费下限不能为负数' }).optional(),
  budgetMax: z.coerce.number({ message: '经费上限须为数字' }).min(0, { message: '经费上限不能为负数' }).optional(),
});
export type SubjectSearchQuery = z.infer<typeof subjectSearchQuery>;

export const idQuery = z.object({ id: id('课题编号 id') });
export const idBody = z.object({ id: id('课题编号 id') });

export const formCheckBody = z
  .object({
    id: id('课题编号 id'),
    pass: z.boolean({ message: '请选择形式审查结论' }),
    opinion: opinion('审查意见', false),
    experts: z
      .array(z.string().trim().min(1).max(64), { message: '请选择评审专家' })
      .max(15, { message: '评审专家不超过15人' })
      .default([]),
  })
  .refine((v) => !v.pass || v.experts.length > 0, { message: '请至少选择一名评审专家', path: ['experts'] })
  .refine((v) => v.pass || (v.opinion ?? '').length > 0, { message: '退回修改须填写审查意见', path: ['opinion'] });

export const scoreBody = z.object({
  id: id('课题编号 id'),
  score: z
    .number({ message: '请填写评分' })
    .int({ message: '评分须为整数' })
    .min(0, { message: '评分须在0到100之间' })
    .max(100, { message: '评分须在0到100之间' }),
  opinion: opinion('评审意见', true),
});

export const decideBody = z.object({
  id: id('课题编号 id'),
  /** midterm: pass the mid-term check; complete: accept completion; terminate: stop the subject */
  action: z.enum(['midterm', 'complete', 'terminate'], { message: '操作无效' }),
  pass: z.boolean({ message: '请选择结论' }),
  opinion: opinion('意见', true),
});

export const statsItem = z.object({
  byStatus: z.array(z.object({ status: z.enum(SUBJECT_STATUSES), count: z.number().int() })),
  overdue: z.array(
    z.object({
      id: z.string(),
      code: z.string().nullable(),
      name: z.string(),
      milestone: z.string(),
      due: z.string(),
      days: z.number().int(),
    }),
  ),
  byBatch: z.array(z.object({ batchName: z.string(), count: z.number().int(), budget: z.number() })),
});
export type SubjectStats = z.infer<typeof statsItem>;

// ---------------------------------------------------------------------------------------------- ledger

export const FUND_DIRECTIONS = ['in', 'out'] as const;
export const FUND_DIRECTION_LABELS = { in: '拨入', out: '支出' } as const;

export const fundItem = z.object({
  id: z.string(),
  subjectId: z.string(),
  direction: z.enum(FUND_DIRECTIONS),
  amount: z.number(),
  happenedOn: z.string(),
  category: z.string(),
  summary: z.string(),
  voucherFileId: z.string().nullable(),
  voucherFileName: z.string().nullable(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type FundItem = z.infer<typeof fundItem>;

export const FUND_CATEGORIES = [
  '资助拨款',
  '配套经费',
  '设备费',
  '材料费',
  '测试化验加工费',
  '差旅费',
  '会议费',
  '劳务费',
  '专家咨询费',
  '出版/文献费',
  '其他支出',
] as const;

export const fundBody = z.object({
  subjectId: id('课题编号 subjectId'),
  direction: z.enum(FUND_DIRECTIONS, { message: '请选择收支方向' }),
  amount: z
    .number({ message: '请填写金额' })
    .positive({ message: '金额须大于0' })
    .max(1e10, { message: '金额过大' })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: '金额最多两位小数' }),
  happenedOn: dateStr('发生日期'),
  category: z.enum(FUND_CATEGORIES, { message: '请选择科目' }),
  summary: z.string({ message: '请填写摘要' }).trim().min(1, { message: '请填写摘要' }).max(200, { message: '摘要不能超过200个字' }),
  voucherFileId: z
    .string()
    .trim()
    .regex(/^f[0-9a-f]{30}$/, { message: '凭证文件无效' })
    .optional()
    .nullable(),
});
export type FundBody = z.infer<typeof fundBody>;

export const fundQuery = z.object({ subjectId: id('课题编号 subjectId') });

// ---------------------------------------------------------------------------------------------- applicants

export const createDraftBody = z.object({
  batchId: id('申报批次 batchId'),
  name: z
    .string({ message: '请填写课题名称' })
    .trim()
    .min(1, { message: '请填写课题名称' })
    .max(100, { message: '课题名称不能超过100个字' }),
});

export const saveStepBody = z.object({
  id: id('课题编号 id'),
  step: z.string({ message: '缺少步骤 step' }).trim().min(1).max(40),
  data: z.record(z.string(), z.unknown(), { message: '缺少步骤内容 data' }),
});

export const reportBody = z
  .object({
    subjectId: id('课题编号 subjectId'),
    kind: z.enum(REPORT_KINDS, { message: '请选择报告类型' }),
    title: z
      .string({ message: '请填写报告标题' })
      .trim()
      .min(1, { message: '请填写报告标题' })
      .max(100, { message: '报告标题不能超过100个字' }),
    content: z.string().trim().max(5000, { message: '报告内容不能超过5000个字' }).optional().nullable(),
    fileId: z
      .string()
      .trim()
      .regex(/^f[0-9a-f]{30}$/, { message: '报告附件无效' })
      .optional()
      .nullable(),
  })
  .refine((v) => (v.content ?? '').length > 0 || !!v.fileId, { message: '请填写报告内容或上传报告附件', path: ['content'] });

export const orgInfo = z.object({
  orgName: z.string(),
  creditCode: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  intro: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type OrgInfo = z.infer<typeof orgInfo>;

export const orgBody = z.object({
  orgName: z
    .string({ message: '请填写单位名称' })
    .trim()
    .min(1, { message: '请填写单位名称' })
    .max(100, { message: '单位名称不能超过100个字' }),
  creditCode: z
    .string()
    .trim()
    .regex(/^$|^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/, { message: '统一社会信用代码格式不正确' })
    .optional()
    .nullable(),
  address: z.string().trim().max(200, { message: '单位地址不能超过200个字' }).optional().nullable(),
  contact: z.string().trim().max(30, { message: '联系人不能超过30个字' }).optional().nullable(),
  phone: z.string().trim().max(30, { message: '联系电话不能超过30个字' }).optional().nullable(),
  intro: z.string().trim().max(2000, { message: '单位简介不能超过2000个字' }).optional().nullable(),
});

/** An applicant's account name: a letter, then 3–31 more letters, digits or underscores. */
export const APPLICANT_ACCOUNT = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const APPLICANT_ACCOUNT_MESSAGE = '账号须以字母开头，4-32位字母、数字或下划线';
/** Required, and a mobile number by the rule of spec §5 (11 digits starting with 1). */
const applicantMobile = z
  .string({ message: '请填写手机号' })
  .trim()
  .min(1, { message: '请填写手机号' })
  .refine(isMobile, { message: MESSAGES.mobile });

/** Staff create an applicant account (platform 19 only). */
export const applicantBody = z.object({
  userCode: z.string({ message: '请填写账号' }).trim().regex(APPLICANT_ACCOUNT, { message: APPLICANT_ACCOUNT_MESSAGE }),
  userName: z.string({ message: '请填写姓名' }).trim().min(1, { message: '请填写姓名' }).max(30, { message: '姓名不能超过30个字' }),
  mobile: applicantMobile,
  orgName: z
    .string({ message: '请填写单位名称' })
    .trim()
    .min(1, { message: '请填写单位名称' })
    .max(100, { message: '单位名称不能超过100个字' }),
  /** sm3(sm3(plain)) */
  password: z.string({ message: '请设置密码' }).regex(/^[0-9a-f]{64}$/, { message: '密码格式不正确' }),
});

/** The public registration of an outside applicant (image captcha before the SMS, then the SMS code). */
export const registerSmsBody = z.object({
  mobile: applicantMobile,
  captchaKey: z.string({ message: '请获取图形验证码' }).trim().min(1, { message: '请获取图形验证码' }).max(64),
  captcha: z.string({ message: '请输入图形验证码' }).trim().min(1, { message: '请输入图形验证码' }).max(8),
});
export const registerBody = applicantBody.extend({
  smsCode: z
    .string({ message: '请输入短信验证码' })
    .trim()
    .regex(/^\d{6}$/, { message: '短信验证码为6位数字' }),
});

export const SUBJECTS_API = '/api/auth/oa/subjects';
export const FWEB_API = '/api/auth/oa/fweb';
export const FWEB_PUBLIC_API = '/api/base/oa/fweb';
