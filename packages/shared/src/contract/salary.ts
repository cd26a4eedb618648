import { z } from 'zod';
import { pageQuery } from './envelope';

/** Salary slips (工资条): finance imports a month's Excel, matches people, sends; each person sees only their own. */

const id = (label: string) =>
  z
    .string({ message: `缺少${label}` })
    .trim()
    .min(1, { message: `缺少${label}` })
    .max(40, { message: `${label}无效` });

export const SALARY_BATCH_STATUS = { draft: '待发送', sent: '已发送', withdrawn: '已撤回' } as const;
export type SalaryBatchStatus = keyof typeof SALARY_BATCH_STATUS;

export const salaryItem = z.object({ name: z.string(), value: z.string() });
export type SalaryItem = z.infer<typeof salaryItem>;

export const salaryBatch = z.object({
  id: z.string(),
  month: z.string(),
  title: z.string(),
  status: z.enum(['draft', 'sent', 'withdrawn']),
  hideZero: z.enum(['Y', 'N']),
  items: z.array(z.string()),
  rowCount: z.number().int(),
  unmatched: z.number().int(),
  readCount: z.number().int(),
  confirmedCount: z.number().int(),
  fileName: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SalaryBatch = z.infer<typeof salaryBatch>;

export const salaryRow = z.object({
  id: z.string(),
  rowNo: z.number().int(),
  userCode: z.string().nullable(),
  userName: z.string(),
  deptName: z.string().nullable(),
  matchInfo: z.string(),
  matched: z.boolean(),
  bankCard: z.string().nullable(),
  items: z.array(salaryItem),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  feedback: z.string().nullable(),
});
export type SalaryRow = z.infer<typeof salaryRow>;
export const salaryBatchDetail = z.object({ batch: salaryBatch, rows: z.array(salaryRow) });
export type SalaryBatchDetail = z.infer<typeof salaryBatchDetail>;

export const salaryBatchQuery = pageQuery.extend({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, { message: '月份 month 格式应为 YYYY-MM' })
    .optional(),
});
export const salaryIdQuery = z.object({ id: id('编号 id') });
export const salaryIdBody = z.object({ id: id('编号 id') });
export const salarySettingBody = z.object({
  id: id('批次编号 id'),
  hideZero: z.enum(['Y', 'N'], { message: '隐藏零值项 hideZero 须为 Y 或 N' }),
});
export const salaryMatchBody = z.object({ slipId: id('工资条编号 slipId'), userCode: id('人员 userCode') });

/** the multipart fields sent with the Excel file */
export const SALARY_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** the person's own slips */
export const mySalarySlip = z.object({
  id: z.string(),
  month: z.string(),
  title: z.string(),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  feedback: z.string().nullable(),
});
export type MySalarySlip = z.infer<typeof mySalarySlip>;
export const mySalarySlipDetail = mySalarySlip.extend({
  userName: z.string(),
  bankCard: z.string().nullable(),
  items: z.array(salaryItem),
});
export type MySalarySlipDetail = z.infer<typeof mySalarySlipDetail>;
export const mySalaryQuery = pageQuery.extend({
  year: z
    .string()
    .regex(/^\d{4}$/, { message: '年份 year 格式应为 YYYY' })
    .optional(),
});

export const salaryVerifyBody = z.union(
  [
    z.object({ password: z.string({ message: '请输入登录密码' }).regex(/^[0-9a-f]{64}$/, { message: '密码格式不正确' }) }),
    z.object({ smsCode: z.string({ message: '请输入短信验证码' }).regex(/^\d{6}$/, { message: '短信验证码为 6 位数字' }) }),
  ],
  { message: '请输入登录密码或短信验证码' },
);
export type SalaryVerifyBody = z.infer<typeof salaryVerifyBody>;
export const salaryGrant = z.object({ verified: z.boolean(), expiresAt: z.string().nullable() });
export type SalaryGrant = z.infer<typeof salaryGrant>;
export const salaryFeedbackBody = z.object({
  id: id('工资条编号 id'),
  content: z
    .string({ message: '请填写反馈内容' })
    .trim()
    .min(1, { message: '请填写反馈内容' })
    .max(500, { message: '反馈内容不能超过 500 字' }),
});

const P = '/api/auth/oa/salary';
export const SALARY_API = {
  batches: `${P}/batches`,
  batch: `${P}/batch`,
  import: `${P}/import`,
  setting: `${P}/setting`,
  match: `${P}/match`,
  send: `${P}/send`,
  withdraw: `${P}/withdraw`,
  export: `${P}/export`,
  verify: `${P}/verify`,
  sms: `${P}/sms`,
  grant: `${P}/grant`,
  mine: `${P}/mine`,
  slip: `${P}/slip`,
  confirm: `${P}/confirm`,
  feedback: `${P}/feedback`,
} as const;
