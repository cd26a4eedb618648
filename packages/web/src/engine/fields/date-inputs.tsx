import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DateField, DateRangeField } from '@oa/shared/modules/field';
import type { FieldInputProps } from './field-props';

const FMT = 'YYYY-MM-DD';
const toDay = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v, FMT) : null);

/** date: stored as 'YYYY-MM-DD' */
export function DateInput({ field, value, onChange, id, disabled }: FieldInputProps<DateField>) {
  return (
    <DatePicker
      id={id}
      disabled={disabled}
      value={toDay(value)}
      format={FMT}
      style={{ width: '100%' }}
      placeholder={`请选择${field.label}`}
      onChange={(d) => onChange?.(d ? d.format(FMT) : null)}
    />
  );
}

/** daterange: stored as ['YYYY-MM-DD', 'YYYY-MM-DD'] */
export function DateRangeInput({ field, value, onChange, id, disabled }: FieldInputProps<DateRangeField>) {
  const v = Array.isArray(value) ? ([toDay(value[0]), toDay(value[1])] as [Dayjs | null, Dayjs | null]) : null;
  return (
    <DatePicker.RangePicker
      id={id}
      disabled={disabled}
      value={v}
      format={FMT}
      style={{ width: '100%' }}
      placeholder={[field.startLabel ?? '开始日期', field.endLabel ?? '结束日期']}
      onChange={(r) => onChange?.(r && r[0] && r[1] ? [r[0].format(FMT), r[1].format(FMT)] : null)}
    />
  );
}
