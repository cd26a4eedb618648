import { InputNumber, Space, Typography } from 'antd';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import type { IntField, MoneyField } from '@oa/shared/modules/field';
import type { FieldInputProps } from './field-props';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A computed number is read-only, not disabled: its value is to be read (a disabled field's grey text and unit are
 * hard to read), shown filled and without the step buttons so that it does not look editable.
 */
const computedProps = (computed: boolean) => (computed ? { readOnly: true, variant: 'filled' as const, controls: false } : {});

/** int (whole numbers with an optional unit; computed ones are read-only) */
export function IntInput({ field, value, onChange, id, disabled }: FieldInputProps<IntField>) {
  return (
    <InputNumber<number>
      id={id}
      disabled={disabled}
      {...computedProps(!!field.compute)}
      value={num(value)}
      precision={0}
      min={field.min}
      max={field.max}
      style={{ width: '100%' }}
      suffix={field.unit}
      placeholder={field.compute ? '自动计算' : `请输入${field.label}`}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}

/** money (yuan, two decimals; optionally the amount in Chinese capitals) */
export function MoneyInput({ field, value, onChange, id, disabled }: FieldInputProps<MoneyField>) {
  const v = num(value);
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <InputNumber<number>
        id={id}
        disabled={disabled}
        {...computedProps(!!field.compute)}
        value={v}
        precision={2}
        min={field.min}
        max={field.max}
        prefix="¥"
        suffix="元"
        style={{ width: '100%' }}
        placeholder={`请输入${field.label}`}
        onChange={(x) => onChange?.(x ?? null)}
      />
      {field.capitals && v !== null ? <Typography.Text type="secondary">{toChineseMoney(v)}</Typography.Text> : null}
    </Space>
  );
}
