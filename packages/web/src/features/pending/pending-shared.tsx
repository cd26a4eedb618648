import { Badge, Input, Segmented, Select, Space, Tag, type TableColumnType } from 'antd';
import type { InstanceSummary } from '@oa/shared/contract/workflow';
import { MODULES } from '@oa/shared/modules/registry';
import { INSTANCE_STATUS, formatTime } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';

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
        aria-label="标题 / 编号"
        style={{ width: 220 }}
        defaultValue={value.keyword}
        onSearch={(keyword) => onChange({ ...value, keyword: keyword.trim() || undefined })}
      />
      <Select
        allowClear
        placeholder="全部业务"
        aria-label="全部业务"
        style={{ width: 160 }}
        options={MODULE_OPTIONS}
        value={value.moduleCode}
        onChange={(moduleCode?: string) => onChange({ ...value, moduleCode })}
      />
    </Space>
  );
}

/** The title column of a list with read state: unread rows in bold with a dot; the title opens the row (also by keyboard). */
export function readStateTitleColumn<T extends { readAt: string | null }>(open: (r: T) => unknown): TableColumnType<T> {
  return {
    title: '标题',
    dataIndex: 'title',
    ellipsis: true,
    render: (v: string, r: T) =>
      r.readAt ? (
        <a {...rowLink(() => open(r))}>{v}</a>
      ) : (
        <Badge dot offset={[6, 0]}>
          <a style={{ fontWeight: 600 }} {...rowLink(() => open(r))}>
            {v}
          </a>
        </Badge>
      ),
  };
}

/** The title of a row that opens on a click: a link the keyboard reaches; its click is the row's (no second open). */
export const rowLink = (open: () => unknown) =>
  actionLink((e) => {
    e.stopPropagation();
    return open();
  }, 'link');

/** The "阅读" column: when it was read, or `unread` (未读 / 未阅) in orange. */
export function readAtColumn<T extends { readAt: string | null }>(unread: string): TableColumnType<T> {
  return {
    title: '阅读',
    dataIndex: 'readAt',
    width: 150,
    render: (v: string | null) => (v ? formatTime(v) : <span style={{ color: 'var(--ant-color-warning-text)' }}>{unread}</span>),
  };
}

export type ReadFilter = 'all' | 'N' | 'Y';

/** The read-state switch above 抄送 and 待阅, in the order and words of each list. */
export function ReadFilterSwitch({
  value,
  onChange,
  options,
}: {
  value: ReadFilter;
  onChange: (v: ReadFilter) => void;
  options: Array<{ value: ReadFilter; label: string }>;
}) {
  return <Segmented style={{ marginBottom: 12 }} value={value} onChange={(v) => onChange(v as ReadFilter)} options={options} />;
}
