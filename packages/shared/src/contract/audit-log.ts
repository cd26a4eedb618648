import { z } from 'zod';
import { keysetPageQuery, keysetPaged } from './envelope';

/** 安全审计 (/auditLog, function sys_audit_log, the audit administrator's): the audit trail, its chain and retention. */
export const AUDIT_LOG_API = {
  list: '/api/auth/oa/auditLog/list',
  detail: '/api/auth/oa/auditLog/detail',
  export: '/api/auth/oa/auditLog/export',
  verify: '/api/auth/oa/auditLog/verify',
  state: '/api/auth/oa/auditLog/state',
} as const;

export const AUDIT_RESULTS = ['ok', 'fail', 'denied'] as const;
export const AUDIT_RESULT_LABELS: Readonly<Record<(typeof AUDIT_RESULTS)[number], string>> = { ok: '成功', fail: '失败', denied: '拒绝' };

const isoTime = (field: string) =>
  z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `时间格式不正确（${field}）` })
    .optional();

export const auditFilter = z.object({
  from: isoTime('开始时间'),
  to: isoTime('结束时间'),
  userCode: z.string().trim().max(64, { message: '账号过长' }).optional(),
  action: z.string().trim().max(64, { message: '事件过长' }).optional(),
  target: z.string().trim().max(100, { message: '对象过长' }).optional(),
  result: z.enum(AUDIT_RESULTS, { message: '结果只能是成功、失败或拒绝' }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;
export const auditListQuery = keysetPageQuery.merge(auditFilter);

export const auditItem = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  at: z.string(),
  userCode: z.string().nullable(),
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  actionLabel: z.string(),
  target: z.string().nullable(),
  result: z.enum(AUDIT_RESULTS),
  hasChange: z.boolean(),
});
export type AuditItem = z.infer<typeof auditItem>;
export const auditPage = keysetPaged(auditItem);

export const auditDetail = auditItem.extend({
  hash: z.string(),
  detail: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditDetail = z.infer<typeof auditDetail>;

export const chainReport = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  headSeq: z.number().int(),
  broken: z
    .object({
      seq: z.number().int(),
      auditId: z.number().int().nullable(),
      at: z.string().nullable(),
      action: z.string().nullable(),
      reason: z.string(),
    })
    .optional(),
  message: z.string(),
});
export type ChainReportDto = z.infer<typeof chainReport>;

export const auditState = z.object({
  headSeq: z.number().int(),
  liveRows: z.number().int(),
  retentionDays: z.number().int(),
  lastVerification: z.object({ at: z.string(), userCode: z.string().nullable(), intact: z.boolean(), message: z.string() }).nullable(),
  archives: z.array(
    z.object({ fromSeq: z.number().int(), uptoSeq: z.number().int(), rows: z.number().int(), file: z.string(), at: z.string() }),
  ),
});
export type AuditState = z.infer<typeof auditState>;

const AREAS: Record<string, string> = {
  login: '登录',
  logout: '退出登录',
  user: '用户',
  role: '角色',
  roleGroup: '角色组',
  dept: '部门',
  function: '菜单功能',
  password: '密码',
  'two-factor': '双因素',
  salary: '工资条',
  backup: '备份',
  data: '敏感数据',
  audit: '审计',
  news: '新闻',
  meeting: '会议',
  document: '公文',
  archive: '档案',
  workflow: '流程',
  weekly: '周报',
  supervise: '督办',
  subject: '课题',
  space: '协作空间',
  register: '登记簿',
  printTemplate: '打印模板',
  app: '应用',
  column: '栏目授权',
  compliance: '等保自查',
  directory: '目录同步',
  session: '会话',
  permission: '权限',
  notify: '消息通道',
  sso: '单点登录',
  report: '报表',
  sheet: '处理笺',
  bankcard: '银行卡号',
  personal: '个人中心',
  handover: '工作交接',
};
const VERBS: Record<string, string> = {
  create: '新增',
  created: '新增',
  update: '修改',
  save: '保存',
  delete: '删除',
  grant: '授权',
  revoke: '撤销授权',
  export: '导出',
  import: '导入',
  view: '查看',
  denied: '越权被拒',
  publish: '发布',
  submit: '提交',
  resubmit: '重新提交',
  approve: '同意',
  return: '退回',
  withdraw: '撤回',
  urge: '催办',
  reassign: '转交',
  transfer: '转办',
  addSign: '加签',
  terminate: '终止',
  close: '关闭',
  comment: '评论',
  verify: '校验',
  restore: '恢复',
  start: '开始',
  archive: '归档',
  resetPassword: '重置密码',
  reset: '重置',
  change: '修改',
  enrol: '绑定',
  policy: '策略',
  apply: '同步',
  preview: '预览',
  factor: '第二步验证',
  print: '打印',
  distribute: '分发',
  number: '编号',
  remind: '提醒',
  reply: '回复',
  cc: '抄送',
  finish: '办结',
  complete: '完成',
  deny: '拒绝',
  repay: '归还',
  midterm: '中期检查',
  handover: '交接',
  upload: '上传',
  sort: '排序',
  send: '发送',
  match: '匹配',
  moveUsers: '调整人员',
  reserve: '预留',
  void: '作废',
  generate: '生成',
  recommend: '推荐',
  mobile: '手机号',
  channel: '通道设置',
  token: '令牌',
  file: '归档',
  rekey: '重新加密',
  autoApprove: '自动同意',
  autoReject: '自动拒绝',
  formEdit: '修改表单',
  'revoke-others': '下线其他会话',
  'recovery-used': '使用恢复码',
  password: '密码登录',
  sso: '单点登录',
};

/** A person's name for an audit action code ('user.create' → 用户新增); the code itself when it is not known. */
export function auditActionLabel(code: string): string {
  const parts = code.split('.');
  const area = AREAS[parts[0] ?? ''];
  const verb = VERBS[parts[parts.length - 1] ?? ''];
  if (parts.length === 1) return area ?? verb ?? code;
  if (area && verb) return `${area}${verb}`;
  return area ? `${area}（${parts.slice(1).join('.')}）` : code;
}
