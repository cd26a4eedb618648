import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { BatchApprove } from './batch-approve';
import { useNavigate } from 'react-router';
import type { TaskItem } from '@oa/shared/contract/workflow';
import { moduleName, pendingApi, previewPath } from './pending.api';
import { ListFilterBar, StatusTag, rowLink, type ListFilter } from './pending-shared';
import { formatTime } from '../../components/instance-status';
import { useListPager } from '../../lib/list-pager';

const RESULT: Record<string, { color: string; text: string }> = {
  approved: { color: 'success', text: '同意' },
  rejected: { color: 'error', text: '驳回' },
  returned: { color: 'warning', text: '退回' },
  transferred: { color: 'default', text: '转交' },
  reassigned: { color: 'default', text: '转办' },
  auto: { color: 'default', text: '自动通过' },
  cancelled: { color: 'default', text: '已取消' },
};

/** 待办 (open tasks) or 已办 (tasks acted on): each row opens the record's preview page. */
export function TaskTable({ kind }: { kind: 'todo' | 'done' }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ListFilter>({});
  const { page, reset, pagination } = useListPager();
  const list = useQuery({
    queryKey: ['pending', kind, filter, page],
    queryFn: () => (kind === 'todo' ? pendingApi.todo : pendingApi.done)({ ...page, ...filter }),
    placeholderData: keepPreviousData,
  });
  const open = (t: TaskItem) => {
    const p = previewPath(t.moduleCode, t.recordId);
    if (p) navigate(p);
  };
  return (
    <>
      <ListFilterBar
        value={filter}
        onChange={(f) => {
          setFilter(f);
          reset();
        }}
      />
      {kind === 'todo' ? <BatchApprove onDone={() => void list.refetch()} /> : null}
      <Table<TaskItem>
        rowKey="taskId"
        size="middle"
        data-testid={`pending-${kind}`}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        onRow={(t) => ({ onClick: () => open(t), style: { cursor: 'pointer' } })}
        pagination={pagination(list.data)}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true, render: (v: string, t) => <a {...rowLink(() => open(t))}>{v}</a> },
          { title: '编号', dataIndex: 'serialNo', width: 130 },
          { title: '业务', dataIndex: 'moduleCode', width: 100, render: moduleName },
          { title: '发起人', dataIndex: 'initiatorName', width: 90 },
          {
            title: '节点',
            dataIndex: 'nodeName',
            width: 150,
            render: (v: string, t) => (
              <>
                {v}
                {t.onBehalfOfName && <Tag style={{ marginLeft: 4 }}>代{t.onBehalfOfName}</Tag>}
              </>
            ),
          },
          kind === 'todo'
            ? { title: '到达时间', dataIndex: 'createdAt', width: 150, render: formatTime }
            : {
                title: '处理结果',
                dataIndex: 'result',
                width: 90,
                render: (r: string | null) => (r && RESULT[r] ? <Tag color={RESULT[r].color}>{RESULT[r].text}</Tag> : '—'),
              },
          kind === 'todo'
            ? {
                title: '期限',
                dataIndex: 'dueAt',
                width: 150,
                render: (v: string | null) =>
                  v ? <span style={{ color: new Date(v) < new Date() ? 'var(--ant-color-error)' : undefined }}>{formatTime(v)}</span> : '—',
              }
            : { title: '处理时间', dataIndex: 'actedAt', width: 150, render: formatTime },
          {
            title: '流程状态',
            dataIndex: 'instanceStatus',
            width: 90,
            render: (s: TaskItem['instanceStatus']) => <StatusTag status={s} />,
          },
        ]}
      />
    </>
  );
}
