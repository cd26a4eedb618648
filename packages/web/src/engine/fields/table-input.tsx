import { Button, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CellField, TableField } from '@oa/shared/modules/field';
import { CellInput } from './field-input';
import type { FieldInputProps } from './field-props';

type Row = Record<string, unknown>;
const asRows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => !!r && typeof r === 'object') : []);

/** table: sub-rows (e.g. a trip's itinerary), each cell one of the simple field types */
export function TableInput({ field, value, onChange, id, disabled }: FieldInputProps<TableField>) {
  const rows = asRows(value);
  const set = (i: number, name: string, v: unknown) => onChange?.(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  const columns = [
    { title: '序号', key: '#', width: 56, render: (_: unknown, __: Row, i: number) => i + 1 },
    ...Object.entries(field.columns).map(([name, col]: [string, CellField]) => ({
      title: col.required ? (
        <span>
          <span style={{ color: 'var(--ant-color-error)' }}>* </span>
          {col.label}
        </span>
      ) : (
        col.label
      ),
      key: name,
      render: (_: unknown, r: Row, i: number) => (
        <CellInput
          field={col}
          value={r[name]}
          disabled={disabled}
          onChange={(v) => set(i, name, v)}
          id={`${id ?? field.label}_${i}_${name}`}
        />
      ),
    })),
    ...(disabled
      ? []
      : [
          {
            title: '操作',
            key: 'op',
            width: 64,
            render: (_: unknown, __: Row, i: number) => (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除此行"
                onClick={() => onChange?.(rows.filter((_r, j) => j !== i))}
              />
            ),
          },
        ]),
  ];
  return (
    <div id={id}>
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey={(_r, i) => String(i)}
        dataSource={rows}
        columns={columns}
        locale={{ emptyText: '暂无数据' }}
      />
      {disabled || rows.length >= field.maxRows ? null : (
        <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => onChange?.([...rows, {}])}>
          添加一行
        </Button>
      )}
    </div>
  );
}
