/**
 * Field builders of a module declaration (ARCHITECTURE.md §6). Each field type is one interface with a
 * phantom `value` type, so a declaration knows the shape of its records at compile time.
 */

/** What a sealed field holds: an ID number, a bank card number, a mobile number. */
export type SensitiveKind = 'idNumber' | 'bankCard' | 'mobile';

export interface FieldOption {
  value: string;
  label: string;
}

interface FieldBase<K extends string, V> {
  readonly kind: K;
  readonly label: string;
  readonly required: boolean;
  /** shown under the input */
  readonly help?: string;
  readonly placeholder?: string;
  /** grid columns the input takes on the edit form (1 of 2, or the full row) */
  readonly span?: 1 | 2;
  /** only shown and validated in this variant of the form (e.g. 'senior' for /seniorEdit) */
  readonly variant?: string;
  /** set by the system (a hook or an action), never typed on the form */
  readonly readonlyOnForm?: boolean;
  /** 'bankcard': a bank account number, masked on the server for all but role 014 and administrators (kind 'bankcard' always is) */
  readonly mask?: 'bankcard';
  /**
   * Stored SM4-encrypted at rest and found by a keyed hash (exact match only; issue 36). Kinds 'idcard' and
   * 'bankcard' and fields with mask 'bankcard' are sealed without saying so (`sensitiveKindOf`); declare it for others.
   */
  readonly sensitive?: SensitiveKind;
  /** phantom: the value this field holds in a record's data */
  readonly __value?: V;
}

export interface TextField extends FieldBase<'text', string | null> {
  readonly min?: number;
  readonly max: number;
  /** 'month': a 'YYYY-MM' month — a month picker on the form, a month-range filter on the list */
  readonly format?: 'month';
}
export interface TextareaField extends FieldBase<'textarea', string | null> {
  readonly max: number;
  readonly rows?: number;
}
export interface RichtextField extends FieldBase<'richtext', string | null> {
  readonly max: number;
}
export type MobileField = FieldBase<'mobile', string | null>;
export type PhoneField = FieldBase<'phone', string | null>;
export type EmailField = FieldBase<'email', string | null>;
export type IdCardField = FieldBase<'idcard', string | null>;
export type BankCardField = FieldBase<'bankcard', string | null>;
export interface IntField extends FieldBase<'int', number | null> {
  readonly min?: number;
  readonly max?: number;
  readonly unit?: string;
  /** derived from other fields: the server recomputes it, the form shows it read-only */
  readonly compute?: (data: Readonly<Record<string, unknown>>) => number | null;
}
export interface MoneyField extends FieldBase<'money', number | null> {
  readonly min?: number;
  readonly max?: number;
  /** show the amount in Chinese capitals (人民币壹佰元整) beside the input and on the preview */
  readonly capitals?: boolean;
  /** derived from other fields (e.g. the total of expense lines): the server recomputes it, the form shows it read-only */
  readonly compute?: (data: Readonly<Record<string, unknown>>) => number | null;
}
export type DateField = FieldBase<'date', string | null>;
export interface DateRangeField extends FieldBase<'daterange', [string, string] | null> {
  readonly startLabel?: string;
  readonly endLabel?: string;
}
export interface SelectField extends FieldBase<'select', string | null> {
  readonly options: readonly FieldOption[];
}
export interface UserField<M extends boolean = boolean> extends FieldBase<'user', M extends true ? string[] : string | null> {
  readonly multiple: M;
}
export type DeptField = FieldBase<'dept', string | null>;
export interface Attachment {
  fileId: string;
  fileName: string;
  size?: number;
  mime?: string;
}
export interface AttachmentsField extends FieldBase<'attachments', Attachment[]> {
  readonly maxFiles: number;
}

/** Field kinds a sub-table column may use. */
export type CellField = TextField | IntField | MoneyField | DateField | SelectField;
export type TableValue<C extends Record<string, CellField>> = Array<{ [K in keyof C]: FieldValue<C[K]> }>;
export interface TableField<C extends Record<string, CellField> = Record<string, CellField>> extends FieldBase<'table', TableValue<C>> {
  readonly columns: C;
  readonly minRows: number;
  readonly maxRows: number;
}

export type AnyField =
  | TextField
  | TextareaField
  | RichtextField
  | MobileField
  | PhoneField
  | EmailField
  | IdCardField
  | BankCardField
  | IntField
  | MoneyField
  | DateField
  | DateRangeField
  | SelectField
  | UserField
  | DeptField
  | AttachmentsField
  | TableField;
export type FieldKind = AnyField['kind'];

/** The value type a field holds. */
export type FieldValue<F> = F extends { readonly __value?: infer V } ? V : never;

type Common = {
  required?: boolean;
  help?: string;
  placeholder?: string;
  span?: 1 | 2;
  variant?: string;
  readonlyOnForm?: boolean;
  mask?: 'bankcard';
  sensitive?: SensitiveKind;
};
const base = <K extends string>(kind: K, label: string, o: Common) => ({
  kind,
  label,
  required: o.required ?? false,
  help: o.help,
  placeholder: o.placeholder,
  span: o.span,
  variant: o.variant,
  readonlyOnForm: o.readonlyOnForm,
  ...(o.mask ? { mask: o.mask } : {}),
  ...(o.sensitive ? { sensitive: o.sensitive } : {}),
});

/** The field's sensitive kind when it is stored sealed (declared, or implied by its kind or mask); else null. */
export function sensitiveKindOf(f: { kind: string; mask?: 'bankcard'; sensitive?: SensitiveKind }): SensitiveKind | null {
  if (f.sensitive) return f.sensitive;
  if (f.kind === 'idcard') return 'idNumber';
  if (f.kind === 'bankcard' || f.mask === 'bankcard') return 'bankCard';
  return null;
}

/** Select options from plain strings (value = label) or { value, label } pairs. */
export const options = (...items: Array<string | FieldOption>): FieldOption[] =>
  items.map((i) => (typeof i === 'string' ? { value: i, label: i } : i));

export const field = {
  text: (label: string, o: Common & { min?: number; max?: number; format?: 'month' } = {}): TextField => ({
    ...base('text', label, o),
    min: o.min,
    max: o.max ?? 100,
    ...(o.format ? { format: o.format } : {}),
  }),
  textarea: (label: string, o: Common & { max?: number; rows?: number } = {}): TextareaField => ({
    ...base('textarea', label, o),
    max: o.max ?? 1000,
    rows: o.rows,
    span: o.span ?? 2,
  }),
  richtext: (label: string, o: Common & { max?: number } = {}): RichtextField => ({
    ...base('richtext', label, o),
    max: o.max ?? 20000,
    span: 2,
  }),
  mobile: (label: string, o: Common = {}): MobileField => base('mobile', label, o),
  phone: (label: string, o: Common = {}): PhoneField => base('phone', label, o),
  email: (label: string, o: Common = {}): EmailField => base('email', label, o),
  idcard: (label: string, o: Common = {}): IdCardField => base('idcard', label, o),
  bankcard: (label: string, o: Common = {}): BankCardField => base('bankcard', label, o),
  int: (label: string, o: Common & { min?: number; max?: number; unit?: string; compute?: IntField['compute'] } = {}): IntField => ({
    ...base('int', label, o),
    min: o.min,
    max: o.max,
    unit: o.unit,
    compute: o.compute,
  }),
  money: (
    label: string,
    o: Common & { min?: number; max?: number; capitals?: boolean; compute?: MoneyField['compute'] } = {},
  ): MoneyField => ({
    ...base('money', label, o),
    min: o.min ?? 0,
    max: o.max ?? 999_999_999.99,
    capitals: o.capitals,
    compute: o.compute,
  }),
  date: (label: string, o: Common = {}): DateField => base('date', label, o),
  daterange: (label: string, o: Common & { startLabel?: string; endLabel?: string } = {}): DateRangeField => ({
    ...base('daterange', label, o),
    startLabel: o.startLabel,
    endLabel: o.endLabel,
  }),
  select: (label: string, o: Common & { options: readonly FieldOption[] }): SelectField => ({
    ...base('select', label, o),
    options: o.options,
  }),
  user: <M extends boolean = false>(label: string, o: Common & { multiple?: M } = {}): UserField<M> => ({
    ...base('user', label, o),
    multiple: (o.multiple ?? false) as M,
  }),
  dept: (label: string, o: Common = {}): DeptField => base('dept', label, o),
  attachments: (label: string, o: Common & { maxFiles?: number } = {}): AttachmentsField => ({
    ...base('attachments', label, o),
    maxFiles: o.maxFiles ?? 20,
    span: 2,
  }),
  table: <const C extends Record<string, CellField>>(
    label: string,
    columns: C,
    o: Common & { minRows?: number; maxRows?: number } = {},
  ): TableField<C> => ({
    ...base('table', label, o),
    columns,
    minRows: o.minRows ?? (o.required ? 1 : 0),
    maxRows: o.maxRows ?? 50,
    span: 2,
  }),
};
