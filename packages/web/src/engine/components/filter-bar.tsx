import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Space } from 'antd';
import { SearchOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { columnLabel, RECORD_STATUSES, STATUS_LABELS, type AnyModule } from '@oa/shared/modules/define-module';
import { DeptInput, UserInput } from '../fields/choice-inputs';
import type { FieldInputProps } from '../fields/field-props';
import { LabelSelect } from '../../lib/label-select';

const FMT = 'YYYY-MM-DD';
type Range = [string | number | null, string | number | null];

function DateRangeFilter({ value, onChange, id }: FieldInputProps) {
  const v = Array.isArray(value)
    ? ([value[0] ? dayjs(String(value[0])) : null, value[1] ? dayjs(String(value[1])) : null] as [Dayjs | null, Dayjs | null])
    : null;
  return (
    <DatePicker.RangePicker
      id={id}
      value={v}
      format={FMT}
      style={{ width: '100%' }}
      allowEmpty={[true, true]}
      onChange={(r) => onChange?.(r ? [r[0]?.format(FMT) ?? null, r[1]?.format(FMT) ?? null] : null)}
    />
  );
}

const MONTH = 'YYYY-MM';

/** A month field ('YYYY-MM'): a month-range picker; either end may stay open. */
function MonthRangeFilter({ value, onChange, id }: FieldInputProps) {
  const v = Array.isArray(value)
    ? ([value[0] ? dayjs(String(value[0]), MONTH) : null, value[1] ? dayjs(String(value[1]), MONTH) : null] as [Dayjs | null, Dayjs | null])
    : null;
  return (
    <DatePicker.RangePicker
      id={id}
      picker="month"
      value={v}
      format={MONTH}
      style={{ width: '100%' }}
      allowEmpty={[true, true]}
      placeholder={['开始月份', '结束月份']}
      onChange={(r) => onChange?.(r ? [r[0]?.format(MONTH) ?? null, r[1]?.format(MONTH) ?? null] : null)}
    />
  );
}

function NumberRangeFilter({ value, onChange, id }: FieldInputProps) {
  const v: Range = Array.isArray(value) ? [value[0] ?? null, value[1] ?? null] : [null, null];
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <InputNumber<number>
        placeholder="最小"
        style={{ width: '50%' }}
        value={typeof v[0] === 'number' ? v[0] : null}
        onChange={(x) => onChange?.([x ?? null, v[1]])}
      />
      <InputNumber<number>
        placeholder="最大"
        style={{ width: '50%' }}
        value={typeof v[1] === 'number' ? v[1] : null}
        onChange={(x) => onChange?.([v[0], x ?? null])}
      />
    </Space.Compact>
  );
}

/** The filter input of a field or common column (ARCHITECTURE.md §6: one filter per field type). */
function FilterInput({ m, name, ...props }: { m: AnyModule; name: string } & Omit<FieldInputProps, 'field'>) {
  const f = m.fields[name];
  const label = columnLabel(m, name);
  if (name === 'status')
    return (
      <LabelSelect
        {...props}
        mode="multiple"
        allowClear
        placeholder="全部状态"
        value={props.value as string[] | undefined}
        options={RECORD_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
      />
    );
  if (name === 'createdAt' || name === 'submittedAt' || f?.kind === 'date' || f?.kind === 'daterange')
    return <DateRangeFilter {...props} field={f ?? { kind: 'text', label, required: false, max: 0 }} />;
  if (f?.kind === 'text' && f.format === 'month') return <MonthRangeFilter {...props} field={f} />;
  if (name === 'amount' || f?.kind === 'int' || f?.kind === 'money')
    return <NumberRangeFilter {...props} field={f ?? { kind: 'text', label, required: false, max: 0 }} />;
  if (name === 'dept') return <DeptInput {...props} field={{ kind: 'dept', label, required: false }} />;
  if (f?.kind === 'dept') return <DeptInput {...props} field={f} />;
  if (f?.kind === 'user') return <UserInput {...props} field={{ ...f, multiple: false }} />;
  if (f?.kind === 'select')
    return (
      <LabelSelect
        {...props}
        mode="multiple"
        allowClear
        placeholder={`全部${label}`}
        value={props.value as string[] | undefined}
        options={f.options.map((o) => ({ value: o.value, label: o.label }))}
      />
    );
  return (
    <Input
      {...props}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.onChange?.(e.target.value)}
      placeholder={`请输入${label}`}
      allowClear
    />
  );
}

/** The search form above a module's list, from `list.filters`. */
export function FilterBar({ m, onSearch }: { m: AnyModule; onSearch: (filters: Record<string, unknown>) => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <Form form={form} name={`${m.code}_filter`} layout="vertical" onFinish={(v) => onSearch(v)} className="oa-module-filters">
      <Row gutter={16}>
        {m.list.filters.map((name) => (
          <Col key={name} xs={24} sm={12} lg={6}>
            <Form.Item name={name} label={columnLabel(m, name)} style={{ marginBottom: 12 }}>
              <FilterInput m={m} name={name} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6} style={{ display: 'flex', alignItems: 'flex-end', paddingBottom: 12 }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              搜索
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              重置
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
