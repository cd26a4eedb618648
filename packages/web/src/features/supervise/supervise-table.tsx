import type { ReactNode } from 'react';
import { Progress, Table, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd';
import {
  SUPERVISE_COLOR_TEXT,
  SUPERVISE_SOURCE,
  SUPERVISE_STATUS,
  superviseColor,
  type SuperviseSource,
  type SuperviseTask,
} from '@oa/shared/contract/supervise';
import { COLOR_TAG } from './supervise.api';

/** The warning colour at the browser's clock (the same rule as the server). */
export const colorOf = (t: SuperviseTask) => superviseColor(t, new Date());

export function ColorTag({ task }: { task: SuperviseTask }) {
  const c = colorOf(task);
  if (task.status === 'closed') return <Tag color="green">已办结</Tag>;
  return (
    <Tag color={COLOR_TAG[c]} data-testid={`supervise-color-${c}`}>
      {SUPERVISE_COLOR_TEXT[c]}
    </Tag>
  );
}

/** The supervision task table shared by the lists. */
export function SuperviseTable({
  data,
  loading,
  pagination,
  onOpen,
  actions,
}: {
  data: SuperviseTask[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onOpen: (t: SuperviseTask) => void;
  actions?: (t: SuperviseTask) => ReactNode;
}) {
  return (
    <Table<SuperviseTask>
      rowKey="id"
      loading={loading}
      scroll={{ x: 1180 }}
      dataSource={data}
      pagination={pagination}
      rowClassName={(t) => `supervise-row-${colorOf(t)}`}
      columns={[
        { title: '编号', dataIndex: 'serialNo', width: 120 },
        {
          title: '督办事项',
          dataIndex: 'title',
          width: 280,
          render: (v: string, t) => (
            <Typography.Link
              href={`/oa/supervise/exec?id=${t.id}`}
              onClick={(e) => {
                e.preventDefault();
                onOpen(t);
              }}
            >
              {v}
            </Typography.Link>
          ),
        },
        { title: '来源', dataIndex: 'sourceType', width: 100, render: (v: string) => SUPERVISE_SOURCE[v as SuperviseSource] ?? v },
        { title: '牵头部门', dataIndex: 'leadDeptName', width: 110 },
        { title: '责任人', dataIndex: 'ownerName', width: 90 },
        { title: '办结期限', dataIndex: 'dueDate', width: 110 },
        {
          title: '进度',
          dataIndex: 'progress',
          width: 130,
          render: (v: number) => <Progress percent={v} size="small" aria-label="进度" />,
        },
        { title: '状态', dataIndex: 'status', width: 90, render: (v: keyof typeof SUPERVISE_STATUS) => SUPERVISE_STATUS[v] },
        { title: '预警', width: 100, render: (_, t) => <ColorTag task={t} /> },
        ...(actions ? [{ title: '操作', width: 150, render: (_: unknown, t: SuperviseTask) => actions(t) }] : []),
      ]}
    />
  );
}
