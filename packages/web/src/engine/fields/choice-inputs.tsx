import { Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { DeptField, SelectField, UserField } from '@oa/shared/modules/field';
import { usePeople } from '../use-module';
import type { FieldInputProps } from './field-props';

/** select: one of the declared options */
export function SelectInput({ field, value, onChange, id, disabled }: FieldInputProps<SelectField>) {
  return (
    <Select
      id={id}
      disabled={disabled}
      value={typeof value === 'string' ? value : undefined}
      allowClear
      placeholder={`请选择${field.label}`}
      options={field.options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
    />
  );
}

/** user: one person or several, searched by name, code or department */
export function UserInput({ field, value, onChange, id, disabled }: FieldInputProps<UserField>) {
  const { users } = usePeople();
  const options = useMemo(
    () => users.map((u) => ({ value: u.userCode, label: `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}` })),
    [users],
  );
  return (
    <Select
      id={id}
      disabled={disabled}
      mode={field.multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      optionFilterProp="label"
      value={field.multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? value : undefined}
      placeholder={`请选择${field.label}`}
      options={options}
      onChange={(v: string | string[] | undefined) => onChange?.(v ?? (field.multiple ? [] : null))}
    />
  );
}

/** dept: a department from the organisation tree */
export function DeptInput({ field, value, onChange, id, disabled }: FieldInputProps<DeptField>) {
  const { depts } = usePeople();
  const tree = useMemo(() => {
    type Node = { value: string; title: string; children: Node[] };
    const nodes = new Map<string, Node>(depts.map((d) => [d.deptCode, { value: d.deptCode, title: d.deptName, children: [] }]));
    const roots: Node[] = [];
    for (const d of depts) {
      const parent = d.parentCode ? nodes.get(d.parentCode) : undefined;
      (parent ? parent.children : roots).push(nodes.get(d.deptCode)!);
    }
    return roots;
  }, [depts]);
  return (
    <TreeSelect
      id={id}
      disabled={disabled}
      value={typeof value === 'string' ? value : undefined}
      treeData={tree}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={`请选择${field.label}`}
      style={{ width: '100%' }}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
    />
  );
}
