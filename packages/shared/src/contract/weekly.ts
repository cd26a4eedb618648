import { z } from 'zod';
import { pageQuery } from './envelope';

/** Weekly reports (周报): periods, department sections, the editor's columns and compilation. */

const id = (label: string) =>
  z
    .string({ message: `缺少${label}` })
    .trim()
    .min(1, { message: `缺少${label}` })
    .max(40, { message: `${label}无效` });
const content = z
  .string({ message: '请填写内容' })
  .trim()
  .min(1, { message: '内容不能为空' })
  .max(4000, { message: '单条内容不能超过 4000 字' });

export const WEEKLY_SECTION_STATUS = {
  draft: '草稿',
  submitted: '已提交',
  late: '逾期提交',
  returned: '已退回',
  missing: '未填写',
} as const;
export type WeeklySectionStatus = keyof typeof WEEKLY_SECTION_STATUS;

export const weeklyColumn = z.object({ id: z.string(), name: z.string(), sortNo: z.number().int(), enabled: z.enum(['Y', 'N']) });
export type WeeklyColumn = z.infer<typeof weeklyColumn>;
export const weeklyColumnBody = z.object({
  name: z.string({ message: '请输入栏目名称' }).trim().min(1, { message: '请输入栏目名称' }).max(30, { message: '栏目名称不能超过 30 字' }),
  sortNo: z.coerce.number({ message: '排序须为数字' }).int({ message: '排序须为整数' }).min(0).max(9999).default(0),
  enabled: z.enum(['Y', 'N'], { message: '启用状态无效' }).default('Y'),
});
export type WeeklyColumnBody = z.infer<typeof weeklyColumnBody>;
export const weeklyColumnUpdate = weeklyColumnBody.extend({ id: id('栏目编号 id') });
export const weeklyIdBody = z.object({ id: id('编号 id') });

export const weeklyPeriod = z.object({
  id: z.string(),
  weekCode: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  deadline: z.string(),
  status: z.enum(['open', 'published']),
  publishedAt: z.string().nullable(),
  submitted: z.number().int(),
  deptTotal: z.number().int(),
  /** the current user's department section status, when the user has a department */
  myStatus: z.string().nullable(),
});
export type WeeklyPeriod = z.infer<typeof weeklyPeriod>;
export const weeklyPeriodQuery = pageQuery.extend({ status: z.enum(['open', 'published']).optional() });
const isoDate = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 YYYY-MM-DD` });
export const weeklyPeriodBody = z.object({
  /** any day in the week (Monday-based) */
  weekDate: isoDate('周次日期'),
  /** deadline date-time (ISO); default Friday 17:00 of that week */
  deadline: z.string().datetime({ offset: true, message: '截止时间格式不正确' }).optional(),
});
export const weeklyPeriodIdQuery = z.object({ periodId: id('周报期次 periodId') });

export const weeklyItem = z.object({ id: z.string().optional(), columnId: z.string(), content: z.string() });
export type WeeklyItem = z.infer<typeof weeklyItem>;
export const weeklySection = z.object({
  id: z.string().nullable(),
  periodId: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  status: z.string(),
  submittedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  items: z.array(weeklyItem),
  editable: z.boolean(),
});
export type WeeklySection = z.infer<typeof weeklySection>;
export const weeklySectionQuery = weeklyPeriodIdQuery.extend({ deptCode: z.string().trim().max(40).optional() });
export const weeklySectionSave = z.object({
  periodId: id('周报期次 periodId'),
  items: z
    .array(z.object({ columnId: id('栏目 columnId'), content }), { message: '请填写周报条目 items' })
    .max(200, { message: '条目过多（最多 200 条）' }),
  submit: z.boolean().default(false),
});
export type WeeklySectionSave = z.infer<typeof weeklySectionSave>;
export const weeklyReturnBody = z.object({
  periodId: id('周报期次 periodId'),
  deptCode: id('部门 deptCode'),
  reason: z
    .string({ message: '请填写退回原因' })
    .trim()
    .min(1, { message: '请填写退回原因' })
    .max(200, { message: '退回原因不能超过 200 字' }),
});

export const weeklyDeptStatus = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  status: z.string(),
  submittedAt: z.string().nullable(),
  itemCount: z.number().int(),
});
export type WeeklyDeptStatus = z.infer<typeof weeklyDeptStatus>;

export const weeklyCompiledItem = z.object({
  columnId: z.string(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  content: z.string(),
  sourceItemId: z.string().nullable(),
});
export type WeeklyCompiledItem = z.infer<typeof weeklyCompiledItem>;
export const weeklyCompileView = z.object({
  period: weeklyPeriod,
  columns: z.array(weeklyColumn),
  /** submitted department items, the raw material */
  sources: z.array(weeklyItem.extend({ id: z.string(), deptCode: z.string(), deptName: z.string() })),
  compiled: z.array(weeklyCompiledItem),
});
export type WeeklyCompileView = z.infer<typeof weeklyCompileView>;
export const weeklyCompileSave = z.object({
  periodId: id('周报期次 periodId'),
  items: z
    .array(
      z.object({
        columnId: id('栏目 columnId'),
        deptCode: z.string().trim().max(40).nullable().optional(),
        content,
        sourceItemId: z.string().trim().max(40).nullable().optional(),
      }),
      { message: '请提供汇编条目 items' },
    )
    .max(500, { message: '条目过多（最多 500 条）' }),
  publish: z.boolean().default(false),
});
export type WeeklyCompileSave = z.infer<typeof weeklyCompileSave>;

export const weeklyReport = z.object({
  period: weeklyPeriod,
  columns: z.array(
    z.object({ id: z.string(), name: z.string(), items: z.array(z.object({ deptName: z.string().nullable(), content: z.string() })) }),
  ),
});
export type WeeklyReport = z.infer<typeof weeklyReport>;
export const weeklyExportQuery = weeklyPeriodIdQuery.extend({
  format: z.enum(['xlsx', 'docx', 'pdf'], { message: '导出格式 format 须为 xlsx、docx 或 pdf' }),
});

export const weeklySearchQuery = pageQuery.extend({
  keyword: z.string().trim().max(50, { message: '关键字不能超过 50 字' }).optional(),
  deptCode: z.string().trim().max(40).optional(),
  from: isoDate('起始日期').optional(),
  to: isoDate('结束日期').optional(),
});
export const weeklySearchHit = z.object({
  periodId: z.string(),
  weekCode: z.string(),
  periodTitle: z.string(),
  columnName: z.string(),
  deptName: z.string().nullable(),
  content: z.string(),
});
export type WeeklySearchHit = z.infer<typeof weeklySearchHit>;

const P = '/api/auth/oa/weekly';
export const WEEKLY_API = {
  periods: `${P}/periods`,
  period: `${P}/period`,
  section: `${P}/section`,
  sectionReturn: `${P}/section/return`,
  status: `${P}/status`,
  remind: `${P}/remind`,
  columns: `${P}/columns`,
  column: `${P}/column`,
  compile: `${P}/compile`,
  report: `${P}/report`,
  export: `${P}/export`,
  search: `${P}/search`,
} as const;
