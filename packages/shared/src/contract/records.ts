import { z } from 'zod';
import { RECORD_STATUSES } from '../modules/define-module';
import { paged, pageQuery } from './envelope';

/**
 * The generic records API of the module engine (issue 5). One set of routes per declared module:
 * `/oa/api/auth/oa/records/<moduleCode>/<action>` — list, get, save, submit, delete, withdraw, action,
 * export — each declaring `<moduleCode>:create|read|manage` (ARCHITECTURE.md §6). Pickers for user and
 * department fields: `/oa/api/auth/oa/records/pickers/users|depts` (any logged-in user).
 */

/** '/api/auth/oa/records/oa_stamp/list' (the web prefixes '/oa'; the server registers '/oa' + this). */
export const recordsPath = (moduleCode: string, action: string) => `/api/auth/oa/records/${moduleCode}/${action}`;
export const PICKER_USERS_PATH = '/api/auth/oa/records/pickers/users';
export const PICKER_DEPTS_PATH = '/api/auth/oa/records/pickers/depts';

const id = z.string({ message: '缺少记录编号' }).min(1, { message: '缺少记录编号' }).max(40, { message: '记录编号不正确' });
export const recordStatus = z.enum(RECORD_STATUSES);

/** A filter value: text / number / [from, to] range / list of values. */
export const filterValue = z.union([
  z.string().max(200),
  z.number(),
  z.array(z.union([z.string().max(200), z.number(), z.null()])).max(50),
]);
export type FilterValue = z.infer<typeof filterValue>;

export const recordListQuery = pageQuery.extend({
  /** mine: my records (+ my departments' for department leaders of dept-scoped modules); manage: everyone's (`:manage`) */
  view: z.enum(['mine', 'manage'], { message: '视图只能是 mine 或 manage' }).default('mine'),
  /** JSON object: field or common column → value (text contains, [from,to] range, list of values) */
  filters: z.string().max(4000, { message: '筛选条件过长' }).optional(),
  /** keyset paging: the `nextCursor` of the previous page (then pageNumber only labels the page) */
  after: z
    .string()
    .max(120, { message: '翻页游标不正确（查询参数字段：after）' })
    .regex(/^[^~]+~[^~]+$/, { message: '翻页游标不正确（查询参数字段：after）' })
    .optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuery>;
export const recordExportQuery = recordListQuery.omit({ pageNumber: true, pageSize: true, after: true });

/**
 * What a list adds to a page (issue 18): the total is counted up to 10,000 — `totalCapped` says there are
 * more ("10,000+"); `nextCursor` asks for the next page by keyset (`after`), null on the last page.
 */
export const listPageExtras = {
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
};
export const LIST_COUNT_CAP = 10_000;

export const recordItem = z.object({
  id: z.string(),
  moduleCode: z.string(),
  variant: z.string().nullable(),
  serialNo: z.string().nullable(),
  title: z.string(),
  status: recordStatus,
  applicant: z.string(),
  applicantName: z.string(),
  dept: z.string().nullable(),
  deptName: z.string().nullable(),
  amount: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
  instanceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RecordItem = z.infer<typeof recordItem>;

/** A page of a module list. */
export const recordPage = paged(recordItem).extend(listPageExtras);
export type RecordPage = z.infer<typeof recordPage>;

export const recordLog = z.object({
  id: z.number().int(),
  action: z.string(),
  actionLabel: z.string(),
  actor: z.string(),
  actorName: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type RecordLog = z.infer<typeof recordLog>;

export const recordDetail = recordItem.extend({
  logs: z.array(recordLog),
  /** what the current user may do on this record */
  can: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    submit: z.boolean(),
    withdraw: z.boolean(),
    manage: z.boolean(),
    /** 打印审批单: every reader of a submitted record (the sheet's own rule, features/print) */
    print: z.boolean(),
  }),
  /** module actions (server hooks) the current user may run now, e.g. lending 'return' */
  actions: z.array(z.string()),
});
export type RecordDetail = z.infer<typeof recordDetail>;

export const recordIdQuery = z.object({ id });
export const recordIdBody = z.object({ id });
/** Saves a draft (no id: a new one). `variant` picks a form variant (e.g. 'senior'). */
export const recordSaveBody = z.object({
  id: id.optional(),
  variant: z.string().max(32).nullable().optional(),
  data: z.record(z.string(), z.unknown(), { message: '表单数据不正确' }),
  /** on submit: approvers the initiator picked for 'initiatorPicks' nodes (node id → user codes) */
  picks: z.record(z.string().max(64), z.array(z.string().max(64)).max(50)).optional(),
});
export type RecordSaveBody = z.infer<typeof recordSaveBody>;
/** A module action (server hook) on a record, e.g. { action: 'return', payload: { returnDate } }. */
export const recordActionBody = z.object({
  id,
  action: z.string().min(1).max(32),
  payload: z.record(z.string(), z.unknown()).default({}),
});

export const pickerQuery = z.object({ keyword: z.string().trim().max(64).optional() });
export const userOption = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOption>;
export const deptOption = z.object({ deptCode: z.string(), deptName: z.string(), parentCode: z.string().nullable() });
export type DeptOption = z.infer<typeof deptOption>;

export const LOG_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: '创建草稿',
  save: '保存草稿',
  submit: '提交申请',
  resubmit: '重新提交',
  withdraw: '撤回申请',
  delete: '删除',
  approved: '审批通过',
  rejected: '审批驳回',
  returned: '退回修改',
  withdrawn: '已撤回',
  terminated: '流程终止',
  return: '登记归还',
  formEdit: '审批人修改表单',
};
