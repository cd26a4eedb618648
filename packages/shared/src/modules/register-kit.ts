import { defineModule, type AnyModule, type ModuleDeclaration, type ModuleDef, type ModuleFields } from './define-module';
import { field, options, type AnyField, type TextField } from './field';

/**
 * Registers (MODULES.md "Registers"): module declarations without approval — a searchable, importable,
 * exportable table with a form. `defineRegister` fills the register defaults and carries the options
 * a register needs beyond a plain declaration (who sees the rows, unique fields, references).
 */

export interface RegisterOptions {
  /**
   * Who sees the rows: 'all' (default) every holder of `:read`; 'self' the rows one created, and
   * everything for holders of `:manage`; 'owner' only the row's owner — nobody else, administrators included.
   */
  visibility: 'all' | 'self' | 'owner';
  /** fields (or combinations of fields) whose value must not repeat within the register (checked on save and on import) */
  unique: Array<string | readonly string[]>;
  /** text fields whose value must be a row of another register, e.g. a personnel dynamic's type */
  refs: Record<string, { module: string; field: string }>;
  /** rows readers without `:manage` see: field → allowed values (e.g. only published arrangements) */
  readerFilter?: Record<string, string[]>;
  /** a select field '是'/'否': when '是', people other than the owner see no name on the row */
  anonymousField?: string;
}

type RegisterDeclaration<F extends ModuleFields> = Omit<ModuleDeclaration<F>, 'kind' | 'routes' | 'serial'> & {
  routes: { list: string; edit?: string; preview?: string };
  serial?: { prefix: string; pattern?: string };
  register?: Partial<RegisterOptions>;
};

export type RegisterDef<F extends ModuleFields = ModuleFields> = ModuleDef<F> & { readonly register: RegisterOptions };

/** A register: kind 'register', editing and preview in a drawer of the list page unless routes say otherwise. */
export function defineRegister<const F extends ModuleFields>(decl: RegisterDeclaration<F>): RegisterDef<F> {
  const register: RegisterOptions = { visibility: 'all', unique: [], refs: {}, ...decl.register };
  for (const name of [
    ...register.unique.flat(),
    ...Object.keys(register.refs),
    ...(register.anonymousField ? [register.anonymousField] : []),
  ]) {
    if (!(name in decl.fields)) throw new Error(`register ${decl.code}: unknown field ${name}`);
  }
  const { register: _r, ...rest } = decl;
  const m = defineModule<F>({
    ...rest,
    kind: 'register',
    routes: { list: decl.routes.list, edit: decl.routes.edit ?? decl.routes.list, preview: decl.routes.preview ?? decl.routes.list },
    serial: decl.serial ?? { prefix: 'DJ' },
  });
  return { ...m, register };
}

const DEFAULT_OPTIONS: RegisterOptions = { visibility: 'all', unique: [], refs: {} };

/** The register options of any module (defaults for modules not declared by defineRegister). */
export function registerOptionsOf(m: AnyModule): RegisterOptions {
  const r = (m as Partial<RegisterDef>).register;
  return r ?? DEFAULT_OPTIONS;
}

// ---------------------------------------------------------------------------------------------------
// Field helpers shared by the register declarations
// ---------------------------------------------------------------------------------------------------

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Time of day "HH:mm". */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isMonth = (v: unknown): v is string => typeof v === 'string' && MONTH.test(v);

/** A month "YYYY-MM" (phone bills, fees, attendance, work plans): a text field checked by `monthRule`. */
export const monthField = (label: string, o: { required?: boolean; help?: string } = {}): TextField =>
  field.text(label, { ...o, max: 7, placeholder: MONTH_PLACEHOLDER, format: 'month' });
const MONTH_PLACEHOLDER = '如 2026-05';
/** Whether a field was declared by `monthField` (the web shows a month picker, the import reads dates as months). */
export const isMonthField = (f: AnyField): boolean => f.kind === 'text' && f.format === 'month';

/** The rule that checks a month field's format (the register's `rules`). */
export const monthRule =
  <K extends string>(name: K, label: string) =>
  (v: Record<K, unknown>) =>
    v[name] && !isMonth(v[name]) ? { field: name, message: `${label}格式应为“年-月”，如 2026-05` } : null;

/** Fields of a register that come in through Excel import: what a person types on the form. */
export function importFields(m: AnyModule): Array<[string, AnyField]> {
  return Object.entries(m.fields).filter(
    ([, f]) =>
      !f.readonlyOnForm &&
      !f.variant &&
      f.kind !== 'attachments' &&
      f.kind !== 'table' &&
      !((f.kind === 'int' || f.kind === 'money') && f.compute),
  );
}

export const SEX = options('男', '女');
export const POLITICAL = options('中共党员', '中共预备党员', '共青团员', '民主党派', '无党派人士', '群众');
export const EDUCATION = options('博士研究生', '硕士研究生', '大学本科', '大学专科', '中专', '高中及以下');
export const ETHNIC_HAN = '汉族';
export const PAID_STATES = options('未缴', '已缴');
export const PAY_MODES = options('工资代扣', '银行转账', '微信', '支付宝', '现金');

/** Two ISO dates in order (either missing is fine). */
export const notBefore =
  <K extends string>(later: K, earlier: K, message: string) =>
  (v: Record<K, unknown>) =>
    typeof v[later] === 'string' && typeof v[earlier] === 'string' && (v[later] as string) < (v[earlier] as string)
      ? { field: later, message }
      : null;
