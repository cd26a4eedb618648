import { Input, Select, Space, Tag } from 'antd';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { MODULES } from '@oa/shared/modules/registry';

export const INSTANCE_STATUS: Record<InstanceSummary['status'], { color: string; text: string }> = {
  running: { color: 'processing', text: '审批中' },
  approved: { color: 'success', text: '已通过' },
  rejected: { color: 'error', text: '已驳回' },
  returned: { color: 'warning', text: '已退回' },
  withdrawn: { color: 'default', text: '已撤回' },
  terminated: { color: 'error', text: '已终止' },
};

export const StatusTag = ({ status }: { status: InstanceSummary['status'] }) => <Tag color={INSTANCE_STATUS[status].color}>{INSTANCE_STATUS[status].text}</Tag>;

const MODULE_OPTIONS = MODULES.filter((m) => m.kind === 'approval').map((m) => ({ value: m.code, label: m.name }));

export interface ListFilter {
  keyword?: string;
  moduleCode?: string;
}

/** Keyword + module filter above each pending-centre list. */
export function ListFilterBar({ value, onChange }: { value: ListFilter; onChange: (v: ListFilter) => void }) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Input.Search allowClear placeholder="标题 / 编号" style={{ width: 220 }} defaultValue={value.keyword} onSearch={(keyword) => onChange({ ...value, keyword: keyword.trim() || undefined })} />
      <Select allowClear placeholder="全部业务" style={{ width: 160 }} options={MODULE_OPTIONS} value={value.moduleCode} onChange={(moduleCode?: string) => onChange({ ...value, moduleCode })} />
    </Space>
  );
}

/** ISO → 'YYYY-MM-DD HH:mm' (local time). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
