import { Button, DatePicker, Dropdown, Empty, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Condition } from '@oa/shared/workflow/definition';
import { useDesigner, type ConditionField } from './designer-types';
import { DeptSelect, RoleSelect, UserSelect } from './pickers';
import { LabelSelect } from '../../../lib/label-select';

type NumberCond = Extract<Condition, { kind: 'number' }>;
type DateCond = Extract<Condition, { kind: 'date' }>;

const NUMBER_OPS: Array<{ value: NumberCond['op']; label: string }> = [
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
  { value: '=', label: '等于' },
  { value: '>=', label: '大于等于' },
  { value: '>', label: '大于' },
  { value: '!=', label: '不等于' },
  { value: 'between', label: '介于' },
];
const DATE_OPS = NUMBER_OPS.filter((o) => o.value !== '!=') as Array<{ value: DateCond['op']; label: string }>;

function newCondition(key: string, fields: ConditionField[]): Condition {
  if (key === '@initiatorDept') return { kind: 'initiatorDept', deptCodes: [] };
  if (key === '@initiatorRole') return { kind: 'initiatorRole', roleCodes: [] };
  const f = fields.find((x) => x.field === key) as ConditionField;
  switch (f.kind) {
    case 'number':
      return { kind: 'number', field: f.field, op: '>', value: 0 };
    case 'date':
      return { kind: 'date', field: f.field, op: '>=', value: dayjs().format('YYYY-MM-DD') };
    case 'select':
      return { kind: 'select', field: f.field, values: [] };
    case 'user':
      return { kind: 'user', field: f.field, userCodes: [] };
    case 'dept':
      return { kind: 'dept', field: f.field, deptCodes: [] };
  }
}

const condKey = (c: Condition): string => ('field' in c ? c.field : `@${c.kind}`);

function ValueEditor({ c, onChange, field }: { c: Condition; onChange: (c: Condition) => void; field?: ConditionField }) {
  switch (c.kind) {
    case 'number':
      return (
        <Space wrap>
          <Select
            style={{ width: 110 }}
            value={c.op}
            options={NUMBER_OPS}
            onChange={(op: NumberCond['op']) => onChange({ ...c, op, value2: op === 'between' ? (c.value2 ?? c.value) : undefined })}
          />
          <InputNumber data-testid="wf-cond-value" value={c.value} onChange={(v) => onChange({ ...c, value: v ?? 0 })} />
          {c.op === 'between' && (
            <>
              至
              <InputNumber value={c.value2} onChange={(v) => onChange({ ...c, value2: v ?? 0 })} />
            </>
          )}
        </Space>
      );
    case 'date': {
      const pick = (v: dayjs.Dayjs | null) => (v ? v.format('YYYY-MM-DD') : '');
      return (
        <Space wrap>
          <Select
            style={{ width: 110 }}
            value={c.op}
            options={DATE_OPS}
            onChange={(op: DateCond['op']) => onChange({ ...c, op, value2: op === 'between' ? (c.value2 ?? c.value) : undefined })}
          />
          <DatePicker value={c.value ? dayjs(c.value) : null} onChange={(v) => onChange({ ...c, value: pick(v) })} />
          {c.op === 'between' && (
            <DatePicker value={c.value2 ? dayjs(c.value2) : null} onChange={(v) => onChange({ ...c, value2: pick(v) })} />
          )}
        </Space>
      );
    }
    case 'select':
      return (
        <LabelSelect
          mode="multiple"
          style={{ width: '100%' }}
          placeholder="满足任一选项"
          aria-label="满足任一选项"
          value={c.values}
          options={field?.options ?? []}
          onChange={(values: string[]) => onChange({ ...c, values })}
        />
      );
    case 'user':
      return <UserSelect value={c.userCodes} onChange={(userCodes) => onChange({ ...c, userCodes })} />;
    case 'dept':
      return <DeptSelect value={c.deptCodes} onChange={(deptCodes) => onChange({ ...c, deptCodes })} />;
    case 'initiatorDept':
      return <DeptSelect value={c.deptCodes} onChange={(deptCodes) => onChange({ ...c, deptCodes })} />;
    case 'initiatorRole':
      return <RoleSelect multiple value={c.roleCodes} onChange={(roleCodes) => onChange({ ...c, roleCodes })} />;
  }
}

/** The conditions of one exclusive branch (all must hold): fields of the bound module, initiator department and role. */
export function ConditionEditor({ value, onChange }: { value: Condition[]; onChange: (v: Condition[]) => void }) {
  const { conditionFields } = useDesigner();
  const used = new Set(value.map(condKey));
  const choices = [
    ...conditionFields.map((f) => ({ key: f.field, label: f.label })),
    { key: '@initiatorDept', label: '发起人部门' },
    { key: '@initiatorRole', label: '发起人角色' },
  ].filter((c) => !used.has(c.key));
  const labelOf = (c: Condition) =>
    c.kind === 'initiatorDept'
      ? '发起人部门'
      : c.kind === 'initiatorRole'
        ? '发起人角色'
        : (conditionFields.find((f) => f.field === c.field)?.label ?? c.field);
  return (
    <div>
      {value.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未设置条件" />}
      {value.map((c, i) => (
        <div key={condKey(c)} data-testid="wf-condition" style={{ padding: 12, marginBottom: 12, background: '#fafafa', borderRadius: 6 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
            <strong>
              {i > 0 && <span style={{ color: '#666', fontWeight: 400, marginRight: 6 }}>且</span>}
              {labelOf(c)}
            </strong>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除条件"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          </div>
          <ValueEditor
            c={c}
            field={'field' in c ? conditionFields.find((f) => f.field === c.field) : undefined}
            onChange={(next) => onChange(value.map((x, j) => (j === i ? next : x)))}
          />
        </div>
      ))}
      <Dropdown
        disabled={choices.length === 0}
        menu={{
          items: choices.map((c) => ({ key: c.key, label: c.label })),
          onClick: ({ key }) => onChange([...value, newCondition(key, conditionFields)]),
        }}
      >
        <Button type="dashed" block icon={<PlusOutlined />} data-testid="wf-cond-add">
          添加条件
        </Button>
      </Dropdown>
    </div>
  );
}
