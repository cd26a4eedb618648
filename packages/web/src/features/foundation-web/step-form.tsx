import { Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Table, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import type { StepField } from '@oa/shared/contract/subjects-steps';

/** The inputs of one step of the declaration or the contract, driven by the shared field lists. */

const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};

/** A field; in a row of a table (`ariaLabel`: row and column) its control is named, the column header is its label. */
function Cell({ f, name, ariaLabel }: { f: StepField; name: Array<string | number>; ariaLabel?: string }) {
  const a = ariaLabel ? { 'aria-label': ariaLabel } : {};
  const label = ariaLabel ? undefined : f.label;
  const rules = f.required ? [{ required: true, message: `请填写${f.label.replace(/（.*）/, '')}` }] : [];
  switch (f.kind) {
    case 'textarea':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <Input.TextArea {...a} rows={5} maxLength={5000} showCount placeholder={`请填写${f.label}`} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item name={name} label={label} rules={rules} {...dateProps}>
          <DatePicker {...a} style={{ width: '100%' }} placeholder={`请选择${f.label}`} />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <InputNumber {...a} min={0} precision={2} style={{ width: '100%' }} placeholder="元" />
        </Form.Item>
      );
    case 'int':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <InputNumber {...a} min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <Select {...a} options={(f.options ?? []).map((o) => ({ value: o, label: o }))} placeholder={`请选择${f.label}`} />
        </Form.Item>
      );
    case 'check':
      return (
        <Form.Item
          name={name}
          label={label}
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(`请确认${f.label}`))) }]}
        >
          <Checkbox {...a}>{f.statement}</Checkbox>
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={name} label={label} rules={rules}>
          <Input {...a} maxLength={200} placeholder={`请填写${f.label}`} />
        </Form.Item>
      );
  }
}

function Rows({ f }: { f: StepField }) {
  const cols = f.columns ?? [];
  return (
    <Form.Item label={f.label} required={f.required}>
      <Form.List name={f.name}>
        {(items, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={items}
              bordered
              columns={[
                ...cols.map((c) => ({
                  title: c.label,
                  key: c.name,
                  render: (_: unknown, item: { name: number }) => (
                    <div className="fweb-cell">
                      <Cell f={c} name={[item.name, c.name]} ariaLabel={`${f.label}第${item.name + 1}行${c.label}`} />
                    </div>
                  ),
                })),
                {
                  title: '操作',
                  key: 'op',
                  width: 64,
                  render: (_: unknown, item: { name: number }) => (
                    <Button type="link" danger icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label="删除" />
                  ),
                },
              ]}
            />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
              添加一行
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

export function StepFields({ fields }: { fields: readonly StepField[] }) {
  return <>{fields.map((f) => (f.kind === 'rows' ? <Rows key={f.name} f={f} /> : <Cell key={f.name} f={f} name={[f.name]} />))}</>;
}

/** Validates a step with its shared schema; puts the messages on the fields. Returns the data or null. */
export function checkStep(form: FormInstance, schema: z.ZodType, values: Record<string, unknown>): Record<string, unknown> | null {
  const r = schema.safeParse(clean(values));
  if (r.success) return r.data as Record<string, unknown>;
  form.setFields(r.error.issues.map((i) => ({ name: i.path.map((p) => (typeof p === 'number' ? p : String(p))), errors: [i.message] })));
  return null;
}

/** Drops empty strings/undefined so optional fields pass. */
function clean(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || x === '' || x === null) continue;
    out[k] = Array.isArray(x) ? x.map((row) => (row && typeof row === 'object' ? clean(row as Record<string, unknown>) : row)) : x;
  }
  return out;
}

export function StepActions({
  onPrev,
  onSave,
  onNext,
  busy,
  nextLabel = '保存并下一步',
}: {
  onPrev?: () => void;
  onSave: () => void;
  onNext: () => void;
  busy: boolean;
  nextLabel?: string;
}) {
  return (
    <Space style={{ marginTop: 16 }}>
      {onPrev && <Button onClick={onPrev}>上一步</Button>}
      <Button onClick={onSave} loading={busy}>
        保存草稿
      </Button>
      <Button type="primary" onClick={onNext} loading={busy}>
        {nextLabel}
      </Button>
    </Space>
  );
}
