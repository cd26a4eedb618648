import { DatePicker, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { isMonthField, registerOptionsOf } from '@oa/shared/modules/register-kit';
import { FieldInput } from '../fields/field-input';
import type { FieldInputProps } from '../fields/field-props';
import { ModuleFieldsForm } from '../components/record-form';
import { registerApi } from './register.api';
import { LabelSelect } from '../../lib/label-select';

/** A month "YYYY-MM" picked on a calendar of months. */
function MonthInput({ value, onChange, id, disabled }: FieldInputProps) {
  const v = typeof value === 'string' && /^\d{4}-\d{2}$/.test(value) ? dayjs(`${value}-01`) : null;
  return (
    <DatePicker
      id={id}
      picker="month"
      disabled={disabled}
      value={v}
      format="YYYY-MM"
      placeholder="请选择月份"
      style={{ width: '100%' }}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM') : null)}
    />
  );
}

/** A text field whose value is a row of another register (e.g. a dynamic's type): chosen from that register. */
function RefInput({ refModule, refField, ...props }: FieldInputProps & { refModule: string; refField: string }) {
  const q = useQuery({
    queryKey: ['records', refModule, 'options'],
    queryFn: () => registerApi.list(refModule, { pageNumber: 1, pageSize: 500 }),
    staleTime: 60_000,
  });
  if (q.error) return <FieldInput {...props} />;
  const opts = [...new Set((q.data?.list ?? []).map((r) => String(r.data[refField] ?? '')).filter(Boolean))];
  return (
    <LabelSelect
      id={props.id}
      disabled={props.disabled}
      loading={q.isLoading}
      showSearch
      allowClear
      value={(props.value as string | null) ?? undefined}
      placeholder={`请选择${props.field.label}`}
      options={opts.map((o) => ({ value: o, label: o }))}
      onChange={(v) => props.onChange?.(v ?? null)}
    />
  );
}

function RegisterFieldInput({ m, name, ...props }: FieldInputProps & { m: AnyModule; name: string }) {
  const ref = registerOptionsOf(m).refs[name];
  if (ref) return <RefInput {...props} refModule={ref.module} refField={ref.field} />;
  if (isMonthField(props.field)) return <MonthInput {...props} />;
  const computed = (props.field.kind === 'int' || props.field.kind === 'money') && !!props.field.compute;
  return <FieldInput {...props} disabled={props.disabled || computed} />;
}

/** The form of a register row: its fields in their sections (system-set fields are left out). */
export function RegisterForm({
  m,
  form,
  initial,
  fields,
}: {
  m: AnyModule;
  form: FormInstance<Record<string, unknown>>;
  initial: Record<string, unknown>;
  fields?: Array<[string, AnyField]>;
}) {
  const shown = fields ?? Object.entries(m.fields).filter(([, f]) => !f.readonlyOnForm);
  return (
    <ModuleFieldsForm
      m={m}
      form={form}
      initial={initial}
      fields={shown}
      input={(name, f) => <RegisterFieldInput m={m} name={name} field={f} />}
    />
  );
}
