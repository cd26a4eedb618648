import { Input, Select, Space, Tag } from 'antd';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { MODULES } from '@oa/shared/modules/registry';
import { INSTANCE_STATUS } from '../../lib/instance-status';

export const StatusTag = ({ status }: { status: InstanceSummary['status'] }) => (
  <Tag color={INSTANCE_STATUS[status].color}>{INSTANCE_STATUS[status].text}</Tag>
);

const MODULE_OPTIONS = MODULES.filter((m) => m.kind === 'approval').map((m) => ({ value: m.code, label: m.name }));

export interface ListFilter {
  keyword?: string;
  moduleCode?: string;
}

/** Keyword + module filter above each pending-centre list. */
export function ListFilterBar({ value, onChange }: { value: ListFilter; onChange: (v: ListFilter) => void }) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Input.Search
        allowClear
        placeholder="标题 / 编号"
        style={{ width: 220 }}
        defaultValue={value.keyword}
        onSearch={(keyword) => onChange({ ...value, keyword: keyword.trim() || undefined })}
      />
      <Select
        allowClear
        placeholder="全部业务"
        style={{ width: 160 }}
        options={MODULE_OPTIONS}
        value={value.moduleCode}
        onChange={(moduleCode?: string) => onChange({ ...value, moduleCode })}
      />
    </Space>
  );
}
