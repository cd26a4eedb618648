import { DatePicker, Form, InputNumber, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import type { ConditionField, DesignerDirectory } from './designer/designer-types';
import { deptTree } from './definition-meta-bar';

export type SampleForm = Record<string, unknown>;

interface Props {
  fields: ConditionField[];
  value: SampleForm;
  onChange: (v: SampleForm) => void;
  directory: DesignerDirectory;
}

/** Inputs for the fields the definition's conditions can test, generated from the module's condition fields. */
export function SampleFormInputs({ fields, value, onChange, directory }: Props) {
  const set = (field: string, v: unknown) => onChange({ ...value, [field]: v });
  const users = directory.users.map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` }));
  return (
    <>
      {fields.map((f) => (
        <Form.Item key={f.field} label={f.label} style={{ marginBottom: 12 }}>
          {f.kind === 'number' && (
            <InputNumber
              aria-label={f.label}
              data-testid={`sim-field-${f.field}`}
              style={{ width: '100%' }}
              value={value[f.field] as number | null | undefined}
              onChange={(v) => set(f.field, v)}
            />
          )}
          {f.kind === 'date' && (
            <DatePicker
              aria-label={f.label}
              style={{ width: '100%' }}
              value={typeof value[f.field] === 'string' ? dayjs(value[f.field] as string) : null}
              onChange={(d) => set(f.field, d ? d.format('YYYY-MM-DD') : null)}
            />
          )}
          {f.kind === 'select' && (
            <Select
              aria-label={f.label}
              data-testid={`sim-field-${f.field}`}
              allowClear
              options={f.options ?? []}
              value={value[f.field] as string | undefined}
              onChange={(v?: string) => set(f.field, v ?? null)}
            />
          )}
          {f.kind === 'user' && (
            <Select
              aria-label={f.label}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={users}
              value={value[f.field] as string | undefined}
              onChange={(v?: string) => set(f.field, v ?? null)}
            />
          )}
          {f.kind === 'dept' && (
            <TreeSelect
              aria-label={f.label}
              allowClear
              treeDefaultExpandAll
              treeData={deptTree(directory)}
              value={value[f.field] as string | undefined}
              onChange={(v?: string) => set(f.field, v ?? null)}
            />
          )}
        </Form.Item>
      ))}
    </>
  );
}
