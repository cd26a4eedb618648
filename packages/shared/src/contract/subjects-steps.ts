import { z } from 'zod';
import { zMobile } from '../validate/zod';

/**
 * The applicant's multi-step forms (spec §2 "Routes with sub-pages"): the declaration (subjectDeclare)
 * and the contract. Each step is validated on its own (saved as a draft step by step); the whole form is
 * checked again at submission. Messages name the field.
 */

const text = (label: string, max: number, required = true) => {
  const s = z
    .string({ message: `请填写${label}` })
    .trim()
    .max(max, { message: `${label}不能超过${max}个字` });
  return required ? s.min(1, { message: `请填写${label}` }) : s.optional().nullable();
};
const longText = (label: string, min: number, max = 5000) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(min, { message: `${label}不少于${min}个字` })
    .max(max, { message: `${label}不能超过${max}个字` });
const money = (label: string) =>
  z
    .number({ message: `请填写${label}` })
    .min(0, { message: `${label}不能为负数` })
    .max(1e10, { message: `${label}过大` })
    .refine((v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: `${label}最多两位小数` });
const date = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 YYYY-MM-DD` });

export const SUBJECT_CATEGORIES = ['重大课题', '重点课题', '一般课题', '青年课题'] as const;

export const budgetItem = z.object({
  subject: text('预算科目', 50),
  amount: money('预算金额').refine((v) => v > 0, { message: '预算金额须大于0' }),
  note: text('测算依据', 200, false),
});

export const declareSteps = {
  applicationForm: z
    .object({
      name: text('课题名称', 100),
      category: z.enum(SUBJECT_CATEGORIES, { message: '请选择课题类别' }),
      orgName: text('申报单位', 100),
      leaderName: text('课题负责人', 30),
      leaderTitle: text('负责人职称', 30, false),
      leaderMobile: zMobile('请填写负责人手机号'),
      leaderEmail: z.string().trim().max(100).email({ message: '负责人邮箱格式不正确' }).optional().nullable().or(z.literal('')),
      startDate: date('研究开始日期'),
      endDate: date('研究结束日期'),
      budget: money('申请经费').refine((v) => v > 0, { message: '申请经费须大于0' }),
      keywords: text('关键词', 100, false),
    })
    .refine((v) => v.endDate > v.startDate, { message: '研究结束日期须晚于开始日期', path: ['endDate'] }),
  projectbg: z.object({ background: longText('立项依据', 10), significance: text('研究意义', 3000, false) }),
  researchProposal: z.object({
    objectives: longText('研究目标', 10),
    content: longText('研究内容', 10),
    methods: text('技术路线', 3000, false),
    innovation: text('创新点', 2000, false),
  }),
  researchFoundation: z.object({ achievements: longText('前期研究成果', 10), conditions: text('研究条件', 3000, false) }),
  staffingRatio: z.object({
    members: z
      .array(
        z.object({
          name: text('成员姓名', 30),
          title: text('成员职称', 30, false),
          org: text('成员所在单位', 100),
          role: text('分工', 100),
          workMonths: z
            .number({ message: '请填写投入月数' })
            .int({ message: '投入月数须为整数' })
            .min(1, { message: '投入月数至少1个月' })
            .max(120, { message: '投入月数不超过120' }),
        }),
        { message: '请填写课题组成员' },
      )
      .min(1, { message: '请至少填写一名课题组成员' })
      .max(30, { message: '课题组成员不超过30人' }),
  }),
  budget: z.object({
    items: z
      .array(budgetItem, { message: '请填写经费预算' })
      .min(1, { message: '请至少填写一项经费预算' })
      .max(30, { message: '预算科目不超过30项' }),
  }),
  situation: z.object({
    projects: z
      .array(
        z.object({
          name: text('在研项目名称', 100),
          source: text('项目来源', 100),
          amount: money('项目经费'),
          period: text('起止时间', 50),
        }),
      )
      .max(20, { message: '在研项目不超过20项' })
      .default([]),
    pledge: z.literal(true, { message: '请确认申报承诺' }),
  }),
} as const;

export type DeclareStep = keyof typeof declareSteps;
export const DECLARE_STEPS: ReadonlyArray<{ key: DeclareStep; title: string }> = [
  { key: 'applicationForm', title: '申请表' },
  { key: 'projectbg', title: '立项依据' },
  { key: 'researchProposal', title: '研究方案' },
  { key: 'researchFoundation', title: '研究基础' },
  { key: 'staffingRatio', title: '人员配备' },
  { key: 'budget', title: '经费预算' },
  { key: 'situation', title: '承担项目情况' },
];

export const contractSteps = {
  application: z
    .object({
      partyB: text('乙方（承担单位）', 100),
      partyBLegal: text('乙方法定代表人', 30),
      partyBAddress: text('乙方地址', 200),
      startDate: date('合同开始日期'),
      endDate: date('合同结束日期'),
    })
    .refine((v) => v.endDate > v.startDate, { message: '合同结束日期须晚于开始日期', path: ['endDate'] }),
  background: z.object({ background: longText('项目背景', 10) }),
  scheme: z.object({ scheme: longText('实施方案', 10), schedule: text('进度安排', 3000, false) }),
  basics: z.object({ basics: longText('工作基础', 10) }),
  gain: z.object({ deliverables: longText('预期成果', 10), indicators: text('考核指标', 2000, false) }),
  matching: z.object({ matchingFunds: money('配套经费'), conditions: text('配套条件', 2000, false) }),
  budget: z.object({
    items: z
      .array(budgetItem, { message: '请填写合同经费预算' })
      .min(1, { message: '请至少填写一项经费预算' })
      .max(30, { message: '预算科目不超过30项' }),
  }),
  clause: z.object({
    special: text('补充条款', 3000, false),
    signer: text('乙方签约代表', 30),
    agree: z.literal(true, { message: '请确认已阅读并同意合同条款' }),
  }),
} as const;

export type ContractStep = keyof typeof contractSteps;
export const CONTRACT_STEPS: ReadonlyArray<{ key: ContractStep; title: string }> = [
  { key: 'application', title: '合同申请' },
  { key: 'background', title: '项目背景' },
  { key: 'scheme', title: '实施方案' },
  { key: 'basics', title: '工作基础' },
  { key: 'gain', title: '预期成果' },
  { key: 'matching', title: '配套条件' },
  { key: 'budget', title: '经费预算' },
  { key: 'clause', title: '合同条款' },
];

/** The first problem of a step's data, with the field to blame; null when the step is valid. */
export function stepProblem(schema: z.ZodType, data: unknown): { field: string; message: string } | null {
  const r = schema.safeParse(data);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { field: issue.path.map(String).join('.') || 'data', message: issue.message };
}

export const sumItems = (items: ReadonlyArray<{ amount: number }>): number =>
  Math.round(items.reduce((s, i) => s + i.amount, 0) * 100) / 100;

/** What the forms and the read-only views show of each step (labels match the schemas' messages). */
export type StepFieldKind = 'text' | 'textarea' | 'date' | 'money' | 'int' | 'select' | 'check' | 'rows';
export interface StepField {
  name: string;
  label: string;
  kind: StepFieldKind;
  required?: boolean;
  options?: readonly string[];
  /** 'rows': the columns of each row */
  columns?: StepField[];
  /** 'check': the statement confirmed */
  statement?: string;
}

const f = (name: string, label: string, kind: StepFieldKind, required = false, extra: Partial<StepField> = {}): StepField => ({
  name,
  label,
  kind,
  required,
  ...extra,
});
const budgetColumns = [f('subject', '预算科目', 'text', true), f('amount', '金额（元）', 'money', true), f('note', '测算依据', 'text')];

export const DECLARE_FIELDS: Readonly<Record<DeclareStep, StepField[]>> = {
  applicationForm: [
    f('name', '课题名称', 'text', true),
    f('category', '课题类别', 'select', true, { options: SUBJECT_CATEGORIES }),
    f('orgName', '申报单位', 'text', true),
    f('leaderName', '课题负责人', 'text', true),
    f('leaderTitle', '负责人职称', 'text'),
    f('leaderMobile', '负责人手机号', 'text', true),
    f('leaderEmail', '负责人邮箱', 'text'),
    f('startDate', '研究开始日期', 'date', true),
    f('endDate', '研究结束日期', 'date', true),
    f('budget', '申请经费（元）', 'money', true),
    f('keywords', '关键词', 'text'),
  ],
  projectbg: [f('background', '立项依据', 'textarea', true), f('significance', '研究意义', 'textarea')],
  researchProposal: [
    f('objectives', '研究目标', 'textarea', true),
    f('content', '研究内容', 'textarea', true),
    f('methods', '技术路线', 'textarea'),
    f('innovation', '创新点', 'textarea'),
  ],
  researchFoundation: [f('achievements', '前期研究成果', 'textarea', true), f('conditions', '研究条件', 'textarea')],
  staffingRatio: [
    f('members', '课题组成员', 'rows', true, {
      columns: [
        f('name', '姓名', 'text', true),
        f('title', '职称', 'text'),
        f('org', '所在单位', 'text', true),
        f('role', '分工', 'text', true),
        f('workMonths', '投入月数', 'int', true),
      ],
    }),
  ],
  budget: [f('items', '经费预算', 'rows', true, { columns: budgetColumns })],
  situation: [
    f('projects', '在研项目', 'rows', false, {
      columns: [
        f('name', '项目名称', 'text', true),
        f('source', '项目来源', 'text', true),
        f('amount', '经费（元）', 'money', true),
        f('period', '起止时间', 'text', true),
      ],
    }),
    f('pledge', '申报承诺', 'check', true, { statement: '本人承诺申报材料真实、准确，无知识产权争议，如获立项将按合同要求完成研究任务。' }),
  ],
};

export const CONTRACT_FIELDS: Readonly<Record<ContractStep, StepField[]>> = {
  application: [
    f('partyB', '乙方（承担单位）', 'text', true),
    f('partyBLegal', '乙方法定代表人', 'text', true),
    f('partyBAddress', '乙方地址', 'text', true),
    f('startDate', '合同开始日期', 'date', true),
    f('endDate', '合同结束日期', 'date', true),
  ],
  background: [f('background', '项目背景', 'textarea', true)],
  scheme: [f('scheme', '实施方案', 'textarea', true), f('schedule', '进度安排', 'textarea')],
  basics: [f('basics', '工作基础', 'textarea', true)],
  gain: [f('deliverables', '预期成果', 'textarea', true), f('indicators', '考核指标', 'textarea')],
  matching: [f('matchingFunds', '配套经费（元）', 'money', true), f('conditions', '配套条件', 'textarea')],
  budget: [f('items', '经费预算', 'rows', true, { columns: budgetColumns })],
  clause: [
    f('special', '补充条款', 'textarea'),
    f('signer', '乙方签约代表', 'text', true),
    f('agree', '合同条款', 'check', true, {
      statement:
        '乙方已阅读并同意《协会课题研究合同》通用条款：按期完成研究任务、专款专用、接受中期检查与结题验收、成果归属按协会规定执行。',
    }),
  ],
};
