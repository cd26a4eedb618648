import { z } from 'zod';
import { REWARD_KINDS, REWARD_TITLES, REWARD_UNITS } from '../modules/reward.module';
import { PASSPORT_KINDS } from '../modules/abroad.module';

/**
 * The side tables of the approval modules of issue 6 (`/oa/api/auth/oa/approval/<area>/<action>`):
 * the labour-remuneration rate table (/reward/setting), the office supplies stock
 * (/OfficeSuppliesManage), the passport custody register (/Passport), annual-leave balances
 * (/Leave, /LeaveManage) and the published briefings (/briefingList).
 */
export const APPROVAL_API = '/api/auth/oa/approval';

const values = (o: ReadonlyArray<{ value: string }>) => o.map((x) => x.value) as [string, ...string[]];
const id = z.string({ message: '缺少编号' }).min(1, { message: '缺少编号' }).max(40);
const dateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式应为 YYYY-MM-DD' });
const remark = z.string().trim().max(200, { message: '备注不能超过200个字' }).nullable().optional();
export const idBody = z.object({ id });

// ---------------------------------------------------------------- reward rates
export const rewardRate = z.object({
  id: z.string(),
  serviceKind: z.string(),
  payeeTitle: z.string(),
  unit: z.string(),
  rate: z.number(),
  maxUnits: z.number().int().nullable(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type RewardRate = z.infer<typeof rewardRate>;
export const rewardRateBody = z.object({
  id: id.optional(),
  serviceKind: z.enum(values(REWARD_KINDS), { message: '请选择劳务类型' }),
  payeeTitle: z.enum(values(REWARD_TITLES), { message: '请选择职称级别' }),
  unit: z.enum(values(REWARD_UNITS), { message: '请选择计量单位' }),
  rate: z
    .number({ message: '请填写标准单价' })
    .positive({ message: '标准单价必须大于0' })
    .max(100000, { message: '标准单价不能超过100000元' })
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), { message: '标准单价最多保留两位小数' }),
  maxUnits: z.number().int({ message: '单次上限必须是整数' }).min(1, { message: '单次上限不能小于1' }).max(10000).nullable().optional(),
  remark,
  enabled: z.boolean().default(true),
});
export type RewardRateBody = z.infer<typeof rewardRateBody>;

// ---------------------------------------------------------------- office supplies stock
export const suppliesItem = z.object({
  id: z.string(),
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  stock: z.number().int(),
  warnLevel: z.number().int(),
  /** stock at or below the warning level */
  low: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});
export type SuppliesItem = z.infer<typeof suppliesItem>;
export const suppliesItemBody = z.object({
  id: id.optional(),
  name: z.string({ message: '请填写物品名称' }).trim().min(1, { message: '请填写物品名称' }).max(50, { message: '物品名称不能超过50个字' }),
  spec: z.string().trim().max(50, { message: '规格不能超过50个字' }).nullable().optional(),
  unit: z.string({ message: '请填写单位' }).trim().min(1, { message: '请填写单位' }).max(16),
  stock: z
    .number({ message: '请填写库存数量' })
    .int({ message: '库存数量必须是整数' })
    .min(0, { message: '库存数量不能小于0' })
    .max(1_000_000),
  warnLevel: z
    .number({ message: '请填写预警数量' })
    .int({ message: '预警数量必须是整数' })
    .min(0, { message: '预警数量不能小于0' })
    .max(1_000_000),
  remark,
});
export type SuppliesItemBody = z.infer<typeof suppliesItemBody>;
/** Stock received (入库): adds to the stock. */
export const stockInBody = z.object({
  id,
  quantity: z
    .number({ message: '请填写入库数量' })
    .int({ message: '入库数量必须是整数' })
    .min(1, { message: '入库数量不能小于1' })
    .max(100000),
});

// ---------------------------------------------------------------- passport custody
export const passportBookItem = z.object({
  id: z.string(),
  holderName: z.string(),
  holderCode: z.string().nullable(),
  passportKind: z.string(),
  passportNo: z.string(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  status: z.enum(['in', 'out']),
  recordId: z.string().nullable(),
  /** expires within 180 days (or already has) */
  expiringSoon: z.boolean(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});
export type PassportBookItem = z.infer<typeof passportBookItem>;
export const passportBookBody = z
  .object({
    id: id.optional(),
    holderName: z.string({ message: '请填写持照人' }).trim().min(1, { message: '请填写持照人' }).max(30),
    holderCode: z.string().max(64).nullable().optional(),
    passportKind: z.enum(values(PASSPORT_KINDS), { message: '请选择证件类型' }),
    passportNo: z
      .string({ message: '请填写证件号码' })
      .trim()
      .regex(/^[A-Z0-9]{5,17}$/, { message: '证件号码应为5至17位大写字母或数字' }),
    issueDate: dateStr.nullable().optional(),
    expiryDate: dateStr.nullable().optional(),
    remark,
  })
  .refine((b) => !b.issueDate || !b.expiryDate || b.expiryDate > b.issueDate, { message: '有效期至应晚于签发日期', path: ['expiryDate'] });
export type PassportBookBody = z.infer<typeof passportBookBody>;

// ---------------------------------------------------------------- annual leave
export const leaveBalance = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  entryDate: z.string().nullable(),
  year: z.number().int(),
  years: z.number().int(),
  entitlement: z.number(),
  used: z.number(),
  pending: z.number(),
  balance: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;
export const leaveBalanceQuery = z.object({
  year: z.coerce.number().int().min(2000, { message: '年份不正确' }).max(2100, { message: '年份不正确' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});

// ---------------------------------------------------------------- published briefings
export const publishedBriefing = z.object({
  id: z.string(),
  serialNo: z.string().nullable(),
  title: z.string(),
  issueNo: z.string().nullable(),
  category: z.string().nullable(),
  briefDate: z.string().nullable(),
  deptName: z.string().nullable(),
  applicantName: z.string(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  files: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
  publishedAt: z.string().nullable(),
});
export type PublishedBriefing = z.infer<typeof publishedBriefing>;
export const briefingQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(64).optional(),
  category: z.string().max(20).optional(),
});
export const briefingIdQuery = z.object({ id });
