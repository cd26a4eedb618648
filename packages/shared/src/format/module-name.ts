/**
 * Spec §9 business module codes → display names. Codes come bare ('stamp') or prefixed by an
 * organisation variant ('oa_stamp', 'apply_stamp', 'member_stamp'); all give the same name.
 */
export const MODULE_NAMES = {
  device: '设备管理',
  btrip: '出差申请',
  lend: '物品借用',
  stamp: '用印申请',
  dispatch: '发文',
  receipt: '收文',
  reward: '劳务报酬',
  contract: '合同管理',
  sign: '签报',
  briefing: '工作简报',
  information: '信息发布',
  deptDispatch: '部门发文',
  subject: '课题申报',
  subjectContract: '课题合同',
  memberFee: '会费开票',
  memberJoin: '入会审核',
  payment: '费用报销',
  employment: '入离职',
} as const;

export type ModuleCode = keyof typeof MODULE_NAMES;

export const MODULE_PREFIXES = ['oa', 'apply', 'member'] as const;
export type ModulePrefix = (typeof MODULE_PREFIXES)[number];

function isModuleCode(code: string): code is ModuleCode {
  return Object.prototype.hasOwnProperty.call(MODULE_NAMES, code);
}

/** The bare module code of 'oa_x' / 'apply_x' / 'member_x' / 'x', or null if unknown. */
export function moduleCodeOf(code: string): ModuleCode | null {
  if (isModuleCode(code)) return code;
  const sep = code.indexOf('_');
  if (sep < 0) return null;
  const prefix = code.slice(0, sep);
  const rest = code.slice(sep + 1);
  return (MODULE_PREFIXES as readonly string[]).includes(prefix) && isModuleCode(rest) ? rest : null;
}

/**
 * The display name of a module code; unknown codes are returned unchanged (case-sensitive, so
 * 'OA_STAMP' is unknown), null/undefined → ''.
 */
export function moduleDisplayName(code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  const bare = moduleCodeOf(code);
  return bare === null ? code : MODULE_NAMES[bare];
}
