import type { AnyField, FieldOption, FieldValue } from './field';
import { expandMenu, type ModuleMenu } from './module-menu';

/**
 * A business module declared once (ARCHITECTURE.md §6): from it come the server's zod validation,
 * the records API, the generic list / edit / preview / manage pages, the Excel export, the permission
 * keys and the condition fields of the workflow designer.
 */

export const RECORD_STATUSES = ['draft', 'running', 'approved', 'rejected', 'returned', 'withdrawn', 'terminated'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  draft: '草稿',
  running: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  returned: '已退回',
  withdrawn: '已撤回',
  terminated: '已终止',
};
/** antd tag colours of the statuses */
export const STATUS_COLORS: Readonly<Record<RecordStatus, string>> = {
  draft: 'default',
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  returned: 'warning',
  withdrawn: 'default',
  terminated: 'error',
};
/** Statuses in which the applicant may edit and (re)submit. */
export const EDITABLE_STATUSES: readonly RecordStatus[] = ['draft', 'returned', 'withdrawn'];

/** Columns every record has, usable in `list.columns` and `list.filters` beside the module's fields. */
export const COMMON_COLUMNS = {
  serialNo: '编号',
  title: '标题',
  status: '状态',
  applicant: '申请人',
  dept: '申请部门',
  amount: '金额',
  createdAt: '创建时间',
  submittedAt: '提交时间',
} as const;
export type CommonColumn = keyof typeof COMMON_COLUMNS;

export type ModuleFields = Record<string, AnyField>;
/** The data of a record of a module with fields F. */
export type ModuleValues<F extends ModuleFields> = { [K in keyof F]: FieldValue<F[K]> } & { variant?: string | null };

/** A cross-field rule: null when fine, else the field to blame and the Chinese message. */
export type ModuleRule<F extends ModuleFields> = {
  // method syntax keeps a module's rules assignable to the erased AnyModule (bivariant parameter)
  check(v: ModuleValues<F>): { field: keyof F & string; message: string } | null;
}['check'];
type TitleFn<F extends ModuleFields> = { title(v: ModuleValues<F>, applicantName: string): string }['title'];

export interface ModuleVariant {
  label: string;
  route: string;
}

/**
 * An action beyond the approval flow, run by a server hook (e.g. lending's 'return'): offered on the
 * preview page in the given statuses to the given people, with a small form of its own fields.
 */
export interface ModuleAction {
  label: string;
  when: readonly RecordStatus[];
  who: 'applicant' | 'manager' | 'applicantOrManager';
  /** further condition on the record's data (e.g. the item is still lent) */
  available?: (data: Readonly<Record<string, unknown>>) => boolean;
  fields: ModuleFields;
}

export interface ModuleDeclaration<F extends ModuleFields> {
  /** module code, also the prefix of the permission keys ('oa_stamp' → 'oa_stamp:create') */
  code: string;
  name: string;
  /** approval: submitted into the workflow; register: a plain table without approval */
  kind: 'approval' | 'register';
  /**
   * Who stores and serves the module's entities. 'records' (default): the module engine
   * (business_record, generic pages and routes). 'area': a bespoke area (meetings, news, …) keeps its
   * own tables and pages and registers a lifecycle (core/workflow-port.ts registerLifecycle); the
   * declaration still gives the workflow its form fields, permission keys and condition fields.
   */
  engine?: 'records' | 'area';
  /**
   * The module's pages. A single-route module (e.g. /Leave) gives only `list`: its list page opens the
   * form and the preview in a drawer.
   */
  routes: { list: string; edit?: string; preview?: string; manage?: string };
  /**
   * Its place in the menu (required for a module the engine serves): the seed derives its functions and
   * permission keys from it. An area module's pages are the area's own functions in the seed.
   */
  menu?: ModuleMenu;
  /** form variants on their own route, e.g. { senior: { label: '领导出差申请', route: '/seniorEdit' } } */
  variants?: Record<string, ModuleVariant>;
  /** serial numbers per module and year: pattern tokens {prefix} {yyyy} {seq:N} */
  serial: { prefix: string; pattern?: string };
  fields: F;
  /** cross-field rules, checked on the server and the form */
  rules?: Array<ModuleRule<F>>;
  /** the record title; default "<module name>-<applicant name>" */
  title?: TitleFn<F>;
  /** the money/int field copied to the indexed `amount` column (lists, sums, conditions) */
  amountField?: keyof F & string;
  /** 'dept': department leaders (role 001) see the records of their departments in the list */
  scope?: 'self' | 'dept';
  list: { columns: Array<(keyof F & string) | CommonColumn>; filters: Array<(keyof F & string) | CommonColumn> };
  /** actions run by server hooks (features/records/hooks), keyed by action code */
  actions?: Record<string, ModuleAction>;
  /** the form's sections, in order (fields not listed go to the last one); default: one section */
  sections?: Array<{ title: string; fields: Array<keyof F & string> }>;
}

/** A declared module: the declaration with its defaults filled in. */
export interface ModuleDef<F extends ModuleFields = ModuleFields> extends ModuleDeclaration<F> {
  readonly serial: { prefix: string; pattern: string };
  readonly scope: 'self' | 'dept';
  readonly permissions: { create: string; read: string; manage: string; approve: string };
}

/** Erased view of any module (registries, generic pages). */
export type AnyModule = ModuleDef<ModuleFields>;

export function defineModule<const F extends ModuleFields>(decl: ModuleDeclaration<F>): ModuleDef<F> {
  const names = new Set(Object.keys(decl.fields));
  for (const c of [...decl.list.columns, ...decl.list.filters]) {
    if (!names.has(c) && !(c in COMMON_COLUMNS)) throw new Error(`module ${decl.code}: unknown column ${c}`);
  }
  if (!/^[a-z][A-Za-z0-9_]*$/.test(decl.code)) throw new Error(`module code ${decl.code} is not an identifier`);
  return {
    ...decl,
    serial: { prefix: decl.serial.prefix, pattern: decl.serial.pattern ?? '{prefix}{yyyy}{seq:4}' },
    scope: decl.scope ?? 'self',
    menu: decl.menu && expandMenu(decl.code, decl.routes, decl.menu),
    permissions: permissionKeys(decl.code),
  };
}

export const permissionKeys = (code: string) =>
  ({ create: `${code}:create`, read: `${code}:read`, manage: `${code}:manage`, approve: `${code}:approve` }) as const;

/** '{prefix}{yyyy}{seq:4}' with prefix 'YY', 2026, 7 → 'YY20260007'. */
export function formatSerial(pattern: string, prefix: string, year: number, seq: number): string {
  return pattern
    .replace(/\{prefix\}/g, prefix)
    .replace(/\{yyyy\}/g, String(year))
    .replace(/\{seq(?::(\d+))?\}/g, (_m, w?: string) => String(seq).padStart(w ? Number(w) : 1, '0'));
}

/** A record's form variant, when the module has it. */
export const variantOf = (m: AnyModule, variant: string | null | undefined): ModuleVariant | undefined =>
  variant ? m.variants?.[variant] : undefined;

/** The title of a record's form: its variant's application (领导出差申请, 离职申请) or the module's name. */
export function formTitle(m: AnyModule, variant: string | null | undefined): string {
  const label = variantOf(m, variant)?.label;
  if (!label) return m.name;
  return label.endsWith('申请') ? label : `${label}申请`;
}

/** The fields shown (and validated) for a variant: the common ones plus those of the variant. */
export function fieldsFor(m: AnyModule, variant: string | null | undefined): Array<[string, AnyField]> {
  return Object.entries(m.fields).filter(([, f]) => !f.variant || f.variant === variant);
}

export type ConditionKind = 'number' | 'date' | 'select' | 'user' | 'dept';
export interface ConditionFieldInfo {
  field: string;
  label: string;
  kind: ConditionKind;
  options?: FieldOption[];
}

/** The fields the workflow designer may put branch conditions on. */
export function conditionFieldsOf(m: AnyModule): ConditionFieldInfo[] {
  const out: ConditionFieldInfo[] = [];
  for (const [name, f] of Object.entries(m.fields)) {
    const label = f.variant && m.variants?.[f.variant] ? `${f.label}（${m.variants[f.variant].label}）` : f.label;
    if (f.kind === 'int' || f.kind === 'money') out.push({ field: name, label, kind: 'number' });
    else if (f.kind === 'date') out.push({ field: name, label, kind: 'date' });
    else if (f.kind === 'select') out.push({ field: name, label, kind: 'select', options: [...f.options] });
    else if (f.kind === 'user' && !f.multiple) out.push({ field: name, label, kind: 'user' });
    else if (f.kind === 'dept') out.push({ field: name, label, kind: 'dept' });
  }
  return out;
}

/** Label of a field or common column. */
export function columnLabel(m: AnyModule, key: string): string {
  return m.fields[key]?.label ?? (COMMON_COLUMNS as Record<string, string>)[key] ?? key;
}
