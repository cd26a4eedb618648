import { Empty, Radio, Table } from 'antd';
import type { FieldPermission } from '@oa/shared/workflow/definition';
import { useDesigner } from './designer-types';
import { actionLink } from '../../../lib/action-link';

interface Props {
  value: Record<string, FieldPermission>;
  onChange: (v: Record<string, FieldPermission>) => void;
  /** the start node may edit every field; approvers default to read */
  defaultPermission: FieldPermission;
}

const LABELS: Record<FieldPermission, string> = { edit: '可编辑', read: '只读', hidden: '隐藏' };
const ORDER: FieldPermission[] = ['edit', 'read', 'hidden'];

/** Per-field permissions of a node over the bound module's form. */
export function FieldPermissionEditor({ value, onChange, defaultPermission }: Props) {
  const { formFields } = useDesigner();
  if (formFields.length === 0) return <Empty description="当前业务模块没有可设置的表单字段" />;
  const of = (field: string): FieldPermission => value[field] ?? defaultPermission;
  const setAll = (p: FieldPermission) => onChange(Object.fromEntries(formFields.map((f) => [f.field, p])));
  return (
    <Table
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={formFields}
      columns={[
        { title: '表单字段', dataIndex: 'label' },
        ...ORDER.map((p) => ({
          title: (
            <a {...actionLink(() => setAll(p))} title={`全部设为${LABELS[p]}`}>
              {LABELS[p]}
            </a>
          ),
          key: p,
          width: 72,
          align: 'center' as const,
          render: (_: unknown, f: { field: string }) => (
            <Radio checked={of(f.field) === p} onChange={() => onChange({ ...value, [f.field]: p })} aria-label={`${f.field}-${p}`} />
          ),
        })),
      ]}
    />
  );
}
